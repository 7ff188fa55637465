import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readControlFile } from '../../../src/core/download/control-file';
import { downloadFile } from '../../../src/core/download/download-file';
import { createWriteBudget, type WriteBudget } from '../../../src/core/download/write-budget';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { FAST, fetchBytes, listFolder, makeFolder, removeFolder, sha256, sha256File } from './helpers';

const KiB = 1024;
const MiB = 1024 * KiB;

describe('createWriteBudget', () => {
  it('says when a hold spends it, and wakes waiters once releases make room', () => {
    const budget = createWriteBudget(100);
    expect(budget.hold(60)).toBe(true);
    expect(budget.hold(40)).toBe(false);
    const woken: string[] = [];
    budget.whenRoom(() => woken.push('a'));
    const b = (): number => woken.push('b');
    budget.whenRoom(b);
    budget.whenRoom(() => woken.push('c'));
    budget.cancel(b);
    budget.release(10);
    expect(woken).toEqual(['a', 'c']);
    expect(budget.held).toBe(90);
    budget.whenRoom(() => woken.push('at once'));
    expect(woken).toEqual(['a', 'c', 'at once']);
  });

  it('asks every registered holder to write what it holds once it is spent', () => {
    const budget = createWriteBudget(100);
    const flushed: string[] = [];
    budget.register(() => flushed.push('a'));
    const unregisterB = budget.register(() => flushed.push('b'));
    budget.hold(99);
    expect(flushed).toEqual([]);
    budget.hold(1);
    expect(flushed).toEqual(['a', 'b']);
    unregisterB();
    budget.hold(1);
    expect(flushed).toEqual(['a', 'b', 'a']);
  });

  it('keeps waiters asleep while a release still leaves it spent', () => {
    const budget = createWriteBudget(100);
    budget.hold(150);
    let woken = false;
    budget.whenRoom(() => (woken = true));
    budget.release(50);
    expect(woken).toBe(false);
    budget.release(1);
    expect(woken).toBe(true);
  });
});

/** The real budget, recording the most it ever held and all it was given to hold. */
function observed(capacity: number): { budget: WriteBudget; peak: () => number; taken: () => number } {
  const inner = createWriteBudget(capacity);
  let peak = 0;
  let taken = 0;
  const budget: WriteBudget = {
    capacity,
    get held() {
      return inner.held;
    },
    hold(bytes) {
      taken += bytes;
      const room = inner.hold(bytes);
      peak = Math.max(peak, inner.held);
      return room;
    },
    release: (bytes) => inner.release(bytes),
    whenRoom: (resume) => inner.whenRoom(resume),
    cancel: (resume) => inner.cancel(resume),
    register: (flush) => inner.register(flush),
  };
  return { budget, peak: () => peak, taken: () => taken };
}

describe('downloads sharing a write budget', () => {
  let sandbox: Sandbox;
  let folder: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, faults: true });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    folder = await makeFolder();
  });
  afterEach(async () => {
    await removeFolder(folder);
  });

  it('bounds the unwritten bytes of 4 segmented downloads at once, and all of them finish intact', async () => {
    const { budget, peak } = observed(256 * KiB);
    const urls = ['a', 'b', 'c', 'd'].map((seed) => sandbox.blobUrl(4 * MiB, `budget-${seed}`));
    sandbox.addFault({ match: 'budget-b', kind: 'reset', afterBytes: 700 * KiB });
    const results = await Promise.all(
      urls.map((url, index) =>
        downloadFile({ url, directory: folder, fileName: `${index}.bin` }, { ...FAST, connections: 4, segmentThresholdBytes: MiB, writeBudget: budget }),
      ),
    );
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true]);
    for (const [index, url] of urls.entries()) expect(await sha256File(path.join(folder, `${index}.bin`))).toBe(sha256(await fetchBytes(url)));
    // Past the budget only the chunk each of the 16 connections was reading can arrive.
    expect(peak()).toBeGreaterThanOrEqual(256 * KiB);
    expect(peak()).toBeLessThanOrEqual(256 * KiB + 16 * 64 * KiB);
    expect(budget.held).toBe(0);
    expect(await listFolder(folder)).toEqual(['0.bin', '1.bin', '2.bin', '3.bin']);
  });

  it('lets a download through while stalled connections hold more than the budget in unwritten bytes', async () => {
    const { budget, taken } = observed(256 * KiB);
    const stalled = ['budget-stall-a', 'budget-stall-b'].map((seed) => {
      sandbox.addFault({ match: seed, kind: 'stall', afterBytes: 150 * KiB });
      const controller = new AbortController();
      const url = sandbox.blobUrl(MiB, seed);
      const done = downloadFile({ url, directory: folder, fileName: `${seed}.bin`, signal: controller.signal }, { ...FAST, stallTimeoutMs: 60_000, writeBudget: budget });
      return { controller, done };
    });
    // Each has gathered less than a write batch, both together more than the budget.
    while (taken() < 300 * KiB) await new Promise((resolve) => setTimeout(resolve, 10));

    const url = sandbox.blobUrl(MiB, 'budget-free');
    const result = await downloadFile({ url, directory: folder, fileName: 'free.bin' }, { ...FAST, writeBudget: budget });
    expect(result).toMatchObject({ ok: true, bytes: MiB });
    expect(await sha256File(path.join(folder, 'free.bin'))).toBe(sha256(await fetchBytes(url)));

    for (const { controller } of stalled) controller.abort();
    for (const { done } of stalled) expect(await done).toMatchObject({ ok: false, error: { code: 'canceled', partKept: true } });
    expect(budget.held).toBe(0);
  });

  it('still finishes when the budget is smaller than one chunk (every chunk pauses its socket)', async () => {
    const budget = createWriteBudget(1);
    const url = sandbox.blobUrl(2 * MiB, 'budget-tiny');
    const result = await downloadFile({ url, directory: folder, fileName: 'tiny.bin' }, { ...FAST, connections: 2, segmentThresholdBytes: MiB, writeBudget: budget });
    expect(result).toMatchObject({ ok: true, bytes: 2 * MiB });
    expect(await sha256File(path.join(folder, 'tiny.bin'))).toBe(sha256(await fetchBytes(url)));
    expect(budget.held).toBe(0);
  });

  it('writes every byte of a body cut short while its socket was paused, so a retry resumes after them', async () => {
    const budget = createWriteBudget(1);
    const url = sandbox.blobUrl(2 * MiB, 'budget-short');
    sandbox.addFault({ match: 'budget-short', kind: 'truncate', afterBytes: 900_000 });
    const result = await downloadFile({ url, directory: folder, fileName: 'short.bin' }, { ...FAST, maxAttempts: 1, writeBudget: budget });
    expect(result).toMatchObject({ ok: false, error: { retryable: true, partKept: true } });
    const control = await readControlFile(path.join(folder, 'short.bin.part.json'));
    expect(control?.done).toEqual([[0, 900_000]]);
    expect(budget.held).toBe(0);
  });
});
