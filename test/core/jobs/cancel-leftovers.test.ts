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
