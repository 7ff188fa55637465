import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

/*
 * A download folder that cannot hold files is refused before it is saved, and a job that
 * names one anyway fails with a plain reason instead of spinning: under /proc the job once
 * stayed "Downloading" at 100% CPU and shutdown never finished.
 */

let harness: Harness | undefined;
let scratch: string | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('a download folder that cannot hold files', () => {
  it('is refused by settings.update with the reason, and the old folder stays', async () => {
    harness = await startHarness();
    const { core } = harness;
    scratch = await mkdtemp(join(tmpdir(), 'trove-afile-'));
    await writeFile(join(scratch, 'afile'), 'x');
    for (const [folder, reason] of [
      [join(scratch, 'afile', 'sub'), 'not_a_folder'],
      ['/proc/trove-downloads', 'cannot_create'],
    ] as const) {
      const answer = await core.call('settings.update', { downloadFolder: folder });
      expect(answer).toMatchObject({ ok: false, error: { code: 'folder_not_writable', detail: { setting: 'downloadFolder', reason } } });
      if (!answer.ok) expect(answer.error.message).toContain('Choose another folder in Settings');
    }
    expect(value(await core.call('settings.get', {})).downloadFolder).toBe(harness.downloads);
    // A folder that can hold files is made and saved.
    const fine = join(scratch, 'new', 'downloads');
    expect(value(await core.call('settings.update', { downloadFolder: fine })).downloadFolder).toBe(fine);
  });

  it('fails a job under /proc at once with folder_unusable, and the engine still shuts down', async () => {
    harness = await startHarness();
    const { core } = harness;
    value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/proc-folder' }, options: { folder: '/proc/trove-downloads' } }));
    await core.idle();
    const [job] = value(await core.call('jobs.list', {}));
    expect(job?.state).toBe('failed');
    expect(job?.error?.message).toContain('Choose another folder in Settings');
    const closing = harness.close();
    harness = undefined;
    await closing; // before the fix this never resolved: a thread-pool thread spun in mkdir forever
  });
});
