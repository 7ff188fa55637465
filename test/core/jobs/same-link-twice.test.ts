import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/*
 * The same link added twice before the first finished ran side by side: two charged
 * extractions and the video saved twice ("name (1).mp4").
 */
describe('the same link queued twice', () => {
  it('is extracted and saved once; the second job finds the post in the library', async () => {
    harness = await startHarness();
    const { core, sandbox } = harness;
    const source = { kind: 'link' as const, url: 'https://video.example/watch/twice' };
    const first = value(await core.call('jobs.add', { source })).jobIds;
    const second = value(await core.call('jobs.add', { source })).jobIds;
    await core.idle();

    const jobs = value(await core.call('jobs.list', {}));
    expect(jobs.map((job) => job.state)).toEqual(['done', 'done']);
    expect(jobs.map((job) => job.id)).toEqual([...first, ...second]);
    expect(jobs[1]?.libraryPostId).toBe(jobs[0]?.libraryPostId);
    expect(sandbox.stats().charges.filter((charge) => charge.url === source.url)).toHaveLength(1);
    expect(readdirSync(harness.downloads).filter((name) => name.endsWith('.mp4'))).toHaveLength(1);
    expect(value(await core.call('library.search', {})).total).toBe(1);
  });
});
