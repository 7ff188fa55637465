import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBandwidthLimiter } from '../../../src/core/download/bandwidth-limiter';
import { readControlFile } from '../../../src/core/download/control-file';
import { downloadFile } from '../../../src/core/download/download-file';
import type { DownloadProgress } from '../../../src/core/download/progress-meter';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { FAST, extractPost, fetchBytes, listFolder, makeFolder, removeFolder, sha256, sha256File } from './helpers';

/*
 * Downloads over real HTTP from the sandbox's media host, with its fault switches:
 * every case ends with the file's sha256 compared to the bytes the sandbox serves.
 */

const SIZE = 2 * 1024 * 1024;
let sandbox: Sandbox;
let now = Date.now();
let folder: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, faults: true, ttlSeconds: 60, now: () => now });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  folder = await makeFolder();
  sandbox.clearFaults();
});
afterEach(async () => {
  await removeFolder(folder);
});

/** A fresh blob (own seed: faults match on it) and the sha256 of its bytes. */
async function blob(seed: string, size = SIZE): Promise<{ url: string; sha: string }> {
  const url = sandbox.blobUrl(size, seed);
  return { url, sha: sha256(await fetchBytes(url)) };
}

const keptBytes = async (fileName: string): Promise<number> => {
  const control = await readControlFile(path.join(folder, `${fileName}.part.json`));
  return (control?.done ?? []).reduce((sum, [start, end]) => sum + end - start, 0);
};

describe('resume after a connection reset', () => {
  /*
   * A TCP reset discards what the client has not read yet, so against an unthrottled
   * loopback server nothing would survive. This sandbox paces each connection (10 slices a
   * second, like a real link), so what arrived before the reset is on disk to resume from.
   */
  const RATE = 4_000_000;
  const BLOB = 1024 * 1024;
  let paced: Sandbox;
  beforeAll(async () => {
    paced = await startSandbox({ port: 0, faults: true, throttleBytesPerSecond: RATE });
  });
  afterAll(async () => {
    await paced.close();
  });

  it.each([0, 1, 65_536, 500_001, BLOB - 1])('at byte %i: the next run resumes and the sha256 matches', async (offset) => {
    const seed = `reset-${offset}`;
    const url = paced.blobUrl(BLOB, seed);
    const sha = sha256(await fetchBytes(url));
    paced.addFault({ match: seed, kind: 'reset', afterBytes: offset });
    const first = await downloadFile({ url, directory: folder, fileName: 'a.bin' }, { ...FAST, maxAttempts: 1 });
    expect(first).toMatchObject({ ok: false, error: { code: 'network', retryable: true } });
    const kept = await keptBytes('a.bin');
    expect(kept).toBeLessThanOrEqual(offset);
    // At least the slices sent a tenth of a second before the reset made it to disk.
    if (offset >= 2 * (RATE / 10)) expect(kept).toBeGreaterThan(0);
    if (!first.ok) expect(first.error.partKept).toBe(kept > 0);

    const progress: DownloadProgress[] = [];
    const second = await downloadFile({ url, directory: folder, fileName: 'a.bin', onProgress: (p) => progress.push(p) }, FAST);
    expect(second).toMatchObject({ ok: true, bytes: BLOB, attempts: 1 });
    // The second run started from what the first one kept, not from zero.
    expect(progress[0]?.bytes).toBe(kept);
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha);
    expect(await listFolder(folder)).toEqual(['a.bin']);
  });

  it('retries by itself within one call', async () => {
    const source = await blob('reset-auto');
    sandbox.addFault({ match: 'reset-auto', kind: 'reset', afterBytes: 700_000, times: 2 });
    const result = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, attempts: 3 });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(source.sha);
  });
});

/** Leaves a part of exactly `bytes` bytes: a clean short body, then the run gives up. */
async function partial(url: string, seed: string, bytes: number): Promise<void> {
  sandbox.addFault({ match: seed, kind: 'truncate', afterBytes: bytes });
  const first = await downloadFile({ url, directory: folder, fileName: 'a.bin' }, { ...FAST, maxAttempts: 1 });
  expect(first).toMatchObject({ ok: false, error: { retryable: true, partKept: true } });
  expect(await keptBytes('a.bin')).toBe(bytes);
}

describe('server and content faults', () => {
  it('restarts from zero when the server ignores Range on resume', async () => {
    const source = await blob('ignore');
    await partial(source.url, 'ignore', 900_000);
    sandbox.addFault({ match: 'ignore', kind: 'ignore-range' });
    const progress: DownloadProgress[] = [];
    const result = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin', onProgress: (p) => progress.push(p) }, FAST);
    expect(result).toMatchObject({ ok: true, attempts: 1 });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(source.sha);
    // Progress went back from the kept 900,000 bytes to zero, then up to the end.
    expect(progress[0]?.bytes).toBe(900_000);
    expect(progress.some((p) => p.bytes < 900_000)).toBe(true);
    expect(progress.at(-1)?.bytes).toBe(SIZE);
  });

  it('takes the new content when it changed between attempts (If-Range → 200)', async () => {
    const source = await blob('mutate');
    await partial(source.url, 'mutate', 800_000);
    sandbox.addFault({ match: 'mutate', kind: 'mutate' });
    const second = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin' }, FAST);
    expect(second).toMatchObject({ ok: true, bytes: SIZE });
    const changed = sha256(await fetchBytes(source.url));
    expect(changed).not.toBe(source.sha);
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(changed);
  });

  it('retries a truncated body and checks the byte count', async () => {
    const source = await blob('truncate');
    sandbox.addFault({ match: 'truncate', kind: 'truncate', afterBytes: 500_000 });
    const once = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin' }, { ...FAST, maxAttempts: 1 });
    expect(once.ok).toBe(false);
    if (!once.ok) expect(['too_short', 'network']).toContain(once.error.code);
    sandbox.addFault({ match: 'truncate', kind: 'truncate', afterBytes: 1_500_000 });
    const result = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, bytes: SIZE, attempts: 2 });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(source.sha);
  });

  it('aborts a stalled transfer after the stall timeout and resumes', async () => {
    const source = await blob('stall');
    sandbox.addFault({ match: 'stall', kind: 'stall', afterBytes: 600_000 });
    const once = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin' }, { ...FAST, maxAttempts: 1 });
    expect(once).toMatchObject({ ok: false, error: { code: 'stalled', retryable: true, partKept: true } });
    sandbox.addFault({ match: 'stall', kind: 'stall', afterBytes: 100_000 });
    const result = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, attempts: 2 });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(source.sha);
  });

  it('retries a 503 from the media host', async () => {
    const source = await blob('unavailable');
    sandbox.addFault({ match: 'unavailable', kind: 'status', status: 503 });
    const result = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, attempts: 2 });
  });
});

describe('expired and guarded links', () => {
  it('reports an expired link as its own error, and resumes from a freshly signed one', async () => {
    const source = await blob('expire');
    const kept = 1_000_000;
    await partial(source.url, 'expire', kept);

    now += 61_000;
    const expired = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin' }, FAST);
    expect(expired).toMatchObject({ ok: false, error: { kind: 'download', code: 'expired', status: 403, retryable: false, partKept: true } });

    // What the queue does next: extract again, get a new signed URL for the same media.
    const fresh = sandbox.blobUrl(SIZE, 'expire');
    expect(fresh).not.toBe(source.url);
    const progress: DownloadProgress[] = [];
    const resumed = await downloadFile({ url: fresh, directory: folder, fileName: 'a.bin', onProgress: (p) => progress.push(p) }, FAST);
    expect(resumed).toMatchObject({ ok: true, bytes: SIZE });
    expect(progress[0]?.bytes).toBe(kept);
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(source.sha);
  });

  it('downloads guarded media only with its headers', async () => {
    const post = await extractPost(sandbox, 'https://guarded.example/watch/g1');
    const media = post.medias[0]!;
    expect(media.headers).toBeDefined();
    const without = await downloadFile({ url: media.resource_url, directory: folder, fileName: 'v.mp4' }, FAST);
    expect(without).toMatchObject({ ok: false, error: { code: 'expired', status: 403 } });
    const withHeaders = await downloadFile({ url: media.resource_url, headers: media.headers, directory: folder, fileName: 'v.mp4' }, FAST);
    expect(withHeaders.ok).toBe(true);
    if (withHeaders.ok) expect(await sha256File(withHeaders.path)).toBe(sha256(await fetchBytes(media.resource_url, media.headers)));
  });
});

describe('cancel and resume', () => {
  it('keeps the part on cancel and resumes it later', async () => {
    const source = await blob('cancel');
    const controller = new AbortController();
    // The shared limiter slows this client down, so the cancel lands mid-way.
    const bandwidth = createBandwidthLimiter(1024 * 1024);
    const first = await downloadFile(
      { url: source.url, directory: folder, fileName: 'a.bin', signal: controller.signal, onProgress: (p) => p.bytes >= 300_000 && controller.abort() },
      { ...FAST, bandwidth },
    );
    expect(first).toMatchObject({ ok: false, error: { code: 'canceled', retryable: false, partKept: true } });
    expect(await listFolder(folder)).toEqual(['a.bin.part', 'a.bin.part.json']);
    const kept = await keptBytes('a.bin');
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(SIZE);

    const progress: DownloadProgress[] = [];
    const second = await downloadFile({ url: source.url, directory: folder, fileName: 'a.bin', onProgress: (p) => progress.push(p) }, FAST);
    expect(second).toMatchObject({ ok: true, bytes: SIZE });
    expect(progress[0]?.bytes).toBe(kept);
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(source.sha);
    await expect(access(path.join(folder, 'a.bin.part'))).rejects.toThrow();
  });
});
