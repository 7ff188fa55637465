import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/core';
import { createQueueLock } from '../../../src/core/jobs/queue-lock';
import type { Core } from '../../../src/core';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';

let harness: Harness | undefined;
const extra: Core[] = [];
afterEach(async () => {
  for (const core of extra.splice(0)) await core.close();
  await harness?.close();
  harness = undefined;
});

const POLL_MS = 50;

/** A second engine on the same data folder, as `trove get` beside the running app. */
async function beside(harness: Harness): Promise<Core> {
  const core = await createCore({
    dataDir: harness.dataDir,
    env: { TROVE_API_KEY: harness.sandbox.keys[0] as string, PATH: process.env['PATH'] ?? '' },
    settings: { serviceUrl: harness.sandbox.url, downloadFolder: harness.downloads },
    retryDelaysMs: [],
    queueLockPollMs: POLL_MS,
  });
  extra.push(core);
  return core;
}

const until = async (condition: () => Promise<boolean>): Promise<void> => {
  for (let tries = 0; tries < 400 && !(await condition()); tries++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(await condition()).toBe(true);
};

describe('one queue per data folder', () => {
  it('a second engine on the folder leaves its jobs to the one that runs the queue, which picks them up', async () => {
    harness = await startHarness({ core: { queueLockPollMs: POLL_MS } });
    const second = await beside(harness);
    expect(harness.core.runsQueue()).toBe(true);
    expect(second.runsQueue()).toBe(false);

    const [id] = value(await second.call('jobs.add', { source: { kind: 'link', url: 'https://files.example/f/added-beside' } })).jobIds;
    await until(async () => value(await harness!.core.call('jobs.list', {})).find((job) => job.id === id)?.state === 'done');
    expect(harness.sandbox.stats().charges).toHaveLength(1);
  });

  it('takes the queue over when the process that ran it ends', async () => {
    harness = await startHarness({ core: { queueLockPollMs: POLL_MS } });
    const second = await beside(harness);
    await harness.core.close();
    await until(async () => second.runsQueue());
    value(await second.call('jobs.add', { source: { kind: 'link', url: 'https://files.example/f/after-takeover' } }));
    await second.idle();
    expect(value(await second.call('jobs.list', {}))[0]?.state).toBe('done');
  });

  it('runs the queue although the files left behind name this very process (a reused pid, as pid 1 in a container)', async () => {
    harness = await startHarness();
    await harness.core.close();
    // The pid-file lock of earlier versions and the holder note of this one, both naming a live process: this one.
    writeFileSync(join(harness.dataDir, 'queue.lock'), JSON.stringify({ pid: process.pid, token: 'left-behind' }));
    writeFileSync(join(harness.dataDir, 'queue-holder.json'), JSON.stringify({ pid: process.pid, face: 'web', startedAt: 1 }));
    const restarted = await harness.restart();
    expect(restarted.runsQueue()).toBe(true);
    value(await restarted.call('jobs.add', { source: { kind: 'link', url: 'https://files.example/f/own-pid-note' } }));
    await restarted.idle();
    expect(value(await restarted.call('jobs.list', {}))[0]?.state).toBe('done');
  });

  it('writes the note naming the holder before acquire() returns, and leaves no temp file beside it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'trove-queue-lock-'));
    const lock = createQueueLock(dataDir, { face: 'cli', startedAt: Date.now() });
    expect(lock.acquire()).toBe(true);
    // A `trove` command may end right after it took the queue: nothing may be left in flight.
    expect(JSON.parse(readFileSync(join(dataDir, 'queue-holder.json'), 'utf8'))).toMatchObject({ pid: process.pid, face: 'cli' });
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    lock.release();
  });

  it('names the process that runs the queue to the one that waits, and says when it took over', async () => {
    harness = await startHarness({ core: { queueLockPollMs: POLL_MS } });
    const second = await beside(harness);
    const announced: unknown[] = [];
    second.on('queue.runner', (runner) => announced.push(runner));
    await until(async () => value(await second.call('queue.runner', {})).holder !== null);
    expect(value(await second.call('queue.runner', {}))).toEqual({
      elsewhere: true,
      holder: { pid: process.pid, face: 'app', startedAt: expect.any(Number) },
      unavailable: null,
    });
    expect(value(await harness.core.call('queue.runner', {}))).toEqual({ elsewhere: false, holder: null, unavailable: null });
    await harness.core.close();
    await until(async () => second.runsQueue());
    expect(announced.at(-1)).toEqual({ elsewhere: false, holder: null, unavailable: null });
  });
});
