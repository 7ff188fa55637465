import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('a crash between a merge and its record', () => {
  it('takes the finished file back instead of merging again into "name (1)"', async () => {
    harness = await startHarness();
    const first = harness.core;
    const grabbed = value(await first.call('grab.resolve', { url: 'https://video.example/watch/crashy' }));
    if (grabbed.kind !== 'post') throw new Error('expected a post');
    const [jobId] = value(await first.call('jobs.add', { source: { kind: 'resolved', resolutionId: grabbed.resolutionId } })).jobIds;
    await first.idle();
    const [merged] = value(await first.call('jobs.list', {}))[0]?.files ?? [];
    await first.close();

    // Rewind the records to the moment after the rename: the job still holds only its
    // downloaded streams (already deleted), and no library record owns the merged file.
    const db = new Database(join(harness.dataDir, 'trove.db'));
    db.prepare("UPDATE jobs SET state = 'downloading', plan = json_set(plan, '$.items[0].done', json(?)) WHERE id = ?").run(
      JSON.stringify({ videoPart: join(harness.downloads, 'gone.video.mp4'), audioPart: join(harness.downloads, 'gone.audio.m4a') }),
      jobId,
    );
    db.prepare('DELETE FROM files').run();
    db.close();
    const mediaBefore = harness.sandbox.stats().mediaRequests;

    const second = await harness.restart();
    await second.idle();
    const [job] = value(await second.call('jobs.list', {}));
    expect(job).toMatchObject({ state: 'done', files: [merged] });
    expect(readdirSync(harness.downloads).filter((name) => name.includes('(1)'))).toEqual([]);
    expect(harness.sandbox.stats().mediaRequests - mediaBefore).toBeLessThanOrEqual(2); // previews only, no streams
  });
});
