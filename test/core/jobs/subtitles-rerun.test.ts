import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const subtitleCharges = (current: Harness): number => current.sandbox.stats().charges.filter((charge) => charge.endpoint.includes('subtitles')).length;

describe('a job that runs again after its subtitles were saved', () => {
  it('keeps the saved subtitles instead of buying and saving them again as "name (1)"', async () => {
    harness = await startHarness();
    const first = harness.core;
    const options = { subtitles: { languages: ['en'], format: 'srt' as const, embed: false } };
    const [jobId] = value(await first.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/subs-rerun' }, options })).jobIds;
    await first.idle();
    const [done] = value(await first.call('jobs.list', {}));
    expect(done?.state).toBe('done');
    const filesBefore = readdirSync(harness.downloads).sort();
    expect(filesBefore.some((name) => name.endsWith('.srt'))).toBe(true);
    expect(subtitleCharges(harness)).toBe(1);
    await first.close();

    // Rewind to a crash after the subtitles checkpoint, before the library record.
    const db = new Database(join(harness.dataDir, 'trove.db'));
    db.prepare("UPDATE jobs SET state = 'processing' WHERE id = ?").run(jobId);
    db.close();

    const second = await harness.restart();
    await second.idle();
    const [job] = value(await second.call('jobs.list', {}));
    expect(job?.state).toBe('done');
    expect(job?.files).toEqual(done?.files);
    expect(readdirSync(harness.downloads).sort()).toEqual(filesBefore);
    expect(subtitleCharges(harness)).toBe(1);
  });
});
