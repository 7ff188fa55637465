import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const files = (folder: string): string[] => {
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
};

const until = async (condition: () => boolean): Promise<void> => {
  for (let i = 0; i < 600 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
};

describe('canceling a download', () => {
  it.each(['while it downloads', 'while it is paused'])('removes its partial files %s (a cancel is for good; a pause keeps them)', async (when) => {
    harness = await startHarness({ sandbox: { throttleBytesPerSecond: 64 * 1024 } });
    const { core, downloads } = harness;
    const [id] = value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/cancel-me' } })).jobIds as [number];
    await until(() => files(downloads).some((name) => name.endsWith('.part')));
    if (when === 'while it is paused') {
      value(await core.call('jobs.pause', { ids: [id] }));
      await core.idle();
      expect(files(downloads).some((name) => name.endsWith('.part'))).toBe(true);
    }
    expect(value(await core.call('jobs.cancel', { ids: [id] })).changed).toBe(1);
    await core.idle();
    await until(() => files(downloads).length === 0);
    expect(value(await core.call('jobs.list', {}))[0]?.state).toBe('canceled');
  });
});

describe('clearing failed downloads', () => {
  it('removes the partial files a failed job kept for its retry, and leaves finished files alone', async () => {
    harness = await startHarness({ sandbox: { faults: true }, core: { downloadTuning: { retryDelayMs: 10 } } });
    const { core, downloads, sandbox } = harness;
    const [done] = value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://files.example/f/keep-me' } })).jobIds as [number];
    await core.idle();
    const finished = files(downloads);
    expect(finished).toHaveLength(1);

    // some bytes arrive, then every attempt fails without a new one: the job fails, its part kept
    sandbox.addFault({ match: '*', kind: 'reset', afterBytes: 16 * 1024 });
    sandbox.addFault({ match: '*', kind: 'status', status: 500, times: 1000 });
    const [failed] = value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://files.example/f/clear-me' } })).jobIds as [number];
    await core.idle();
    const jobs = value(await core.call('jobs.list', {}));
    expect(jobs.find((job) => job.id === failed)?.state).toBe('failed');
    expect(files(downloads).some((name) => name.endsWith('.part'))).toBe(true);

    expect(value(await core.call('jobs.clear', { states: ['failed'] })).removed).toBe(1);
    await until(() => files(downloads).join() === finished.join());
    expect(value(await core.call('jobs.list', {})).map((job) => job.id)).toEqual([done]);
  });
});
