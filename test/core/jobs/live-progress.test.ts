import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../../src/shared/jobs';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/*
 * A running job's progress reaches the database only every few seconds; jobs.list (the
 * CLI's queue, a Queue view opened mid-download) showed that stale byte count next to the
 * live speed, so its percentage and ETA were wrong.
 */
describe('jobs.list while a job downloads', () => {
  it('shows the bytes of the latest progress event, not the last ones written to disk', async () => {
    harness = await startHarness({ sandbox: { throttleBytesPerSecond: 16 * 1024 } });
    const { core } = harness;
    let latest: JobView | undefined;
    core.on('job.updated', (view) => {
      if (view.state === 'downloading' && view.progress.bytes > 0) latest = view;
    });
    const [id] = value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://files.example/f/live-progress' } })).jobIds;
    for (let tries = 0; tries < 2000 && (latest?.progress.bytes ?? 0) < 16 * 1024; tries++) await new Promise((resolve) => setTimeout(resolve, 5));
    const seen = latest?.progress.bytes ?? 0;
    expect(seen).toBeGreaterThan(0);
    const listed = value(await core.call('jobs.list', {})).find((job) => job.id === id);
    expect(listed?.state).toBe('downloading');
    expect(listed?.progress.bytes).toBeGreaterThanOrEqual(seen);
    expect(listed?.progress.speed).toBeGreaterThan(0);
  });
});

describe('progress of a split stream', () => {
  it('never goes backwards while the video and the audio come down, nor when the merge starts', async () => {
    harness = await startHarness({ sandbox: { throttleBytesPerSecond: 64 * 1024 } });
    const { core } = harness;
    const seen: Array<{ state: string; bytes: number }> = [];
    core.on('job.updated', (view) => {
      if (view.state === 'downloading' || view.state === 'processing') seen.push({ state: view.state, bytes: view.progress.bytes });
    });
    value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/split-progress' }, options: { quality: 720 } }));
    await core.idle();
    expect(value(await core.call('jobs.list', {}))[0]?.state).toBe('done');
    expect(seen.some((update) => update.state === 'downloading' && update.bytes > 0)).toBe(true);
    const backwards = seen.filter((update, index) => index > 0 && update.bytes < (seen[index - 1]?.bytes ?? 0));
    expect(backwards, JSON.stringify(seen)).toEqual([]);
  });
});
