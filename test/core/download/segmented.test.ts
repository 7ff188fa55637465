import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBandwidthLimiter } from '../../../src/core/download/bandwidth-limiter';
import { coveredBytes, missingRanges, type ByteRange } from '../../../src/core/download/byte-ranges';
import { readControlFile } from '../../../src/core/download/control-file';
import { downloadFile } from '../../../src/core/download/download-file';
import type { DownloadProgress } from '../../../src/core/download/progress-meter';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { FAST, fetchBytes, listFolder, makeFolder, removeFolder, sha256, sha256File } from './helpers';
import { bytesOf, startOrigin, type Origin } from './origin-server';

const MiB = 1024 * 1024;
let folder: string;
beforeEach(async () => {
  folder = await makeFolder();
});
afterEach(async () => {
  await removeFolder(folder);
});

describe('segmented download from the sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, faults: true });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('downloads 64 MiB over 4 connections through resets in the middle, into one verified file', async () => {
    const url = sandbox.blobUrl(64 * MiB, 'large');
    const sha = sha256(await fetchBytes(url));
    sandbox.resetStats();
    sandbox.addFault({ match: 'large', kind: 'reset', afterBytes: 5 * MiB, times: 2 });
    const result = await downloadFile({ url, directory: folder, fileName: 'large.bin' }, { ...FAST, connections: 4, segmentThresholdBytes: 8 * MiB });
    expect(result).toMatchObject({ ok: true, bytes: 64 * MiB });
    expect(await sha256File(path.join(folder, 'large.bin'))).toBe(sha);
    // The probe, three more pieces, and the requests that replaced the reset ones.
    expect(sandbox.stats().mediaRequests).toBeGreaterThanOrEqual(6);
    expect(await listFolder(folder)).toEqual(['large.bin']);
  });

  it('starts over when the content changes in the middle of a segmented download', async () => {
    const url = sandbox.blobUrl(16 * MiB, 'shifting');
    sandbox.addFault({ match: 'shifting', kind: 'reset', afterBytes: 3 * MiB });
    sandbox.addFault({ match: 'shifting', kind: 'mutate' });
    const result = await downloadFile({ url, directory: folder, fileName: 'a.bin' }, { ...FAST, connections: 4, segmentThresholdBytes: MiB });
    expect(result).toMatchObject({ ok: true, bytes: 16 * MiB });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(await fetchBytes(url)));
  });
});

describe('segmented download, request by request', () => {
  const body = bytesOf(4 * MiB, 3);
  let origin: Origin;
  beforeAll(async () => {
    origin = await startOrigin({ body });
  });
  afterAll(async () => {
    await origin.close();
  });
  beforeEach(() => {
    origin.requests.length = 0;
  });

  it('splits a large file into one range per connection after the probe', async () => {
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, { ...FAST, connections: 4, segmentThresholdBytes: MiB });
    expect(result).toMatchObject({ ok: true, bytes: body.length, attempts: 1 });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
    const ranges = origin.requests.map((request) => request.headers.range);
    expect(ranges[0]).toBe('bytes=0-');
    expect(ranges.slice(1).sort()).toEqual([`bytes=${MiB}-${2 * MiB - 1}`, `bytes=${2 * MiB}-${3 * MiB - 1}`, `bytes=${3 * MiB}-${4 * MiB - 1}`]);
    // Every piece request carries the validator, so all pieces come from one version.
    for (const request of origin.requests.slice(1)) expect(request.headers['if-range']).toBe('"v1"');
  });

  it('keeps a file below the threshold on one connection', async () => {
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, { ...FAST, connections: 4, segmentThresholdBytes: 8 * MiB });
    expect(result.ok).toBe(true);
    expect(origin.requests.map((request) => request.headers.range)).toEqual(['bytes=0-']);
  });

  it('resumes a canceled segmented download by fetching only the missing ranges', async () => {
    const controller = new AbortController();
    const bandwidth = createBandwidthLimiter(2 * MiB);
    const first = await downloadFile(
      { url: origin.url(), directory: folder, fileName: 'a.bin', signal: controller.signal, onProgress: (p) => p.bytes >= 1.5 * MiB && controller.abort() },
      { ...FAST, connections: 4, segmentThresholdBytes: MiB, bandwidth },
    );
    expect(first).toMatchObject({ ok: false, error: { code: 'canceled', partKept: true } });
    const control = await readControlFile(path.join(folder, 'a.bin.part.json'));
    const done = control?.done ?? [];
    const missing = missingRanges(done, body.length);
    // Four connections each got part of their piece: holes between finished ranges.
    expect(done.length).toBeGreaterThan(1);
    expect(coveredBytes(done)).toBeGreaterThan(0);

    origin.requests.length = 0;
    const progress: DownloadProgress[] = [];
    const second = await downloadFile(
      { url: origin.url(), directory: folder, fileName: 'a.bin', onProgress: (p) => progress.push(p) },
      { ...FAST, connections: 4, segmentThresholdBytes: MiB },
    );
    expect(second).toMatchObject({ ok: true, bytes: body.length });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
    expect(progress[0]?.bytes).toBe(coveredBytes(done));
    const inside = (start: number): boolean => missing.some(([from, to]: ByteRange) => start >= from && start < to);
    for (const request of origin.requests) {
      const start = Number(/^bytes=(\d+)-/.exec(request.headers.range ?? '')?.[1]);
      expect(inside(start)).toBe(true);
      const end = /-(\d+)$/.exec(request.headers.range ?? '')?.[1];
      if (end !== undefined) expect(missing.some(([from, to]) => start >= from && Number(end) < to)).toBe(true);
    }
  });
});
