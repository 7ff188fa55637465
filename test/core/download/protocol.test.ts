import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readControlFile } from '../../../src/core/download/control-file';
import { downloadFile } from '../../../src/core/download/download-file';
import { FAST, listFolder, makeFolder, removeFolder, sha256, sha256File } from './helpers';
import { bytesOf, startOrigin, type Origin } from './origin-server';

/*
 * HTTP cases against a tiny origin server of our own: each configures the server the way
 * some real server behaves and checks the bytes on disk.
 */

let folder: string;
let origin: Origin | undefined;
beforeEach(async () => {
  folder = await makeFolder();
});
afterEach(async () => {
  await origin?.close();
  origin = undefined;
  await removeFolder(folder);
});

const body = bytesOf(300_000, 7);

describe('plain downloads', () => {
  it('downloads, reports progress to the total, and leaves only the final file', async () => {
    origin = await startOrigin({ body });
    const seen: number[] = [];
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin', onProgress: (p) => seen.push(p.bytes) }, FAST);
    expect(result).toEqual({ ok: true, path: path.join(folder, 'a.bin'), bytes: body.length, attempts: 1 });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
    expect(await listFolder(folder)).toEqual(['a.bin']);
    expect(seen.at(-1)).toBe(body.length);
  });

  it('never overwrites an existing file', async () => {
    origin = await startOrigin({ body });
    await writeFile(path.join(folder, 'a.bin'), 'mine');
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, path: path.join(folder, 'a (1).bin') });
    expect(await readFile(path.join(folder, 'a.bin'), 'utf8')).toBe('mine');
  });

  it('refuses a second simultaneous download into the same part', async () => {
    origin = await startOrigin({ body });
    const [one, two] = await Promise.all([
      downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST),
      downloadFile({ url: origin.url(), directory: `${folder}/.`, fileName: 'a.bin' }, FAST),
    ]);
    expect(one).toMatchObject({ ok: true, path: path.join(folder, 'a.bin') });
    expect(two).toMatchObject({ ok: false, error: { code: 'io_error' } });
    if (!two.ok) expect(two.error.message).toContain('already being downloaded');
  });

  it('sends the media headers unchanged and keeps control of Range and encoding', async () => {
    origin = await startOrigin({ body });
    const headers = { Referer: 'https://guarded.example/', 'X-Token': 'abc', Range: 'bytes=5-', 'Accept-Encoding': 'gzip', 'User-Agent': 'Platform/1' };
    const result = await downloadFile({ url: origin.url(), headers, directory: folder, fileName: 'a.bin' }, FAST);
    expect(result.ok).toBe(true);
    const sent = origin.requests[0]!.headers;
    expect(sent).toMatchObject({ referer: 'https://guarded.example/', 'x-token': 'abc', 'user-agent': 'Platform/1', 'accept-encoding': 'identity', range: 'bytes=0-' });
  });

  it('downloads a chunked body of unannounced length from a server without ranges', async () => {
    origin = await startOrigin({ body, ranges: false, chunked: true, etag: null });
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, bytes: body.length });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
  });
});

describe('resume', () => {
  it('resumes with Range and If-Range after a reset, and the bytes match', async () => {
    origin = await startOrigin({ body, resetAfter: 100_000, resetTimes: 1 });
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, attempts: 2 });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
    const resume = origin.requests[1]!.headers;
    expect(resume.range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(resume['if-range']).toBe('"v1"');
  });

  it('uses Last-Modified for If-Range when there is no strong ETag', async () => {
    const lastModified = 'Tue, 01 Oct 2024 10:00:00 GMT';
    origin = await startOrigin({ body, etag: 'W/"weak"', lastModified, resetAfter: 100_000, resetTimes: 1 });
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result.ok).toBe(true);
    expect(origin.requests[1]!.headers['if-range']).toBe(lastModified);
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
  });

  it('restarts from zero when the server ignores Range (200 to a ranged request)', async () => {
    origin = await startOrigin({ body, ranges: false, resetAfter: 100_000, resetTimes: 1 });
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, bytes: body.length });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
  });

  it('restarts from zero when a validator-less resource changed size (416)', async () => {
    origin = await startOrigin({ body, etag: null, resetAfter: 200_000, resetTimes: 1 });
    const first = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, { ...FAST, maxAttempts: 1 });
    expect(first).toMatchObject({ ok: false, error: { code: 'network', partKept: true } });
    const smaller = bytesOf(50_000, 9);
    origin.state.body = smaller;
    const second = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(second).toMatchObject({ ok: true, bytes: smaller.length });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(smaller));
    expect(origin.requests.some((request) => request.headers.range === 'bytes=0-' && request !== origin!.requests[0])).toBe(true);
  });

  it('restarts from zero when a 206 answers with a Content-Range that does not match', async () => {
    origin = await startOrigin({ body, resetAfter: 100_000, resetTimes: 1 });
    origin.state.handler = (req, res) => {
      if (req.headers.range === 'bytes=0-' || req.headers.range === undefined) return false;
      res.writeHead(206, { 'content-range': `bytes 0-99/${body.length}`, 'content-length': 100, etag: '"v1"' });
      res.end(body.subarray(0, 100));
      return true;
    };
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, bytes: body.length });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
  });

  it('continues when a server answers ranges with less than asked', async () => {
    origin = await startOrigin({ body, maxRangeBytes: 64_000 });
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, attempts: 1 });
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
    expect(origin.requests.length).toBe(Math.ceil(body.length / 64_000));
  });

  it('keeps the bytes intact when a keep-alive socket serves one download after another', async () => {
    // A body of unannounced length ends with the response, not at a count of bytes, so the
    // engine hands the socket back to node's agent, and the next download reads through it
    // (the engine frees each socket read after node's parser: it must not free the next
    // response's reads before they are parsed).
    origin = await startOrigin({ body, ranges: false, chunked: true, etag: null });
    for (const name of ['a.bin', 'b.bin', 'c.bin']) {
      const result = await downloadFile({ url: origin.url(), directory: folder, fileName: name }, FAST);
      expect(result).toMatchObject({ ok: true, bytes: body.length });
      expect(await sha256File(path.join(folder, name))).toBe(sha256(body));
    }
    expect(origin.requests.length).toBe(3);
    expect(origin.connections()).toBe(1);
  });

  it('finishes a download of unknown length that had fully arrived when it was interrupted', async () => {
    origin = await startOrigin({ body, chunked: true, etag: null });
    const { partPath, controlPath } = { partPath: path.join(folder, 'a.bin.part'), controlPath: path.join(folder, 'a.bin.part.json') };
    // The state an interrupted run leaves: all bytes on disk, the end not yet known.
    await writeFile(partPath, body);
    const resource = (await import('../../../src/core/download/control-file')).resourceFingerprint(new URL(origin.url()));
    await writeFile(controlPath, JSON.stringify({ version: 1, resource, total: null, done: [[0, body.length]] }));
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: true, bytes: body.length });
    expect(origin.requests[0]!.headers.range).toBe(`bytes=${body.length}-`);
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
  });

  it('does not trust a part without a control file', async () => {
    origin = await startOrigin({ body });
    await writeFile(path.join(folder, 'a.bin.part'), Buffer.alloc(100_000, 1));
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result.ok).toBe(true);
    expect(origin.requests[0]!.headers.range).toBe('bytes=0-');
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
  });

  it('keeps the part and its control file when it gives up, then resumes from them', async () => {
    origin = await startOrigin({ body, resetAfter: 120_000, resetTimes: 3 });
    const first = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, { ...FAST, maxAttempts: 1 });
    expect(first).toMatchObject({ ok: false, error: { code: 'network', retryable: true, partKept: true } });
    const control = await readControlFile(path.join(folder, 'a.bin.part.json'));
    expect(control).toMatchObject({ total: body.length, etag: '"v1"' });
    const kept = control!.done.reduce((sum, [start, end]) => sum + end - start, 0);
    expect(kept).toBeGreaterThan(0);
    origin.state.resetTimes = 0;
    const second = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(second.ok).toBe(true);
    expect(origin.requests.at(-1)!.headers.range).toBe(`bytes=${kept}-`);
    expect(await sha256File(path.join(folder, 'a.bin'))).toBe(sha256(body));
    expect(await listFolder(folder)).toEqual(['a.bin']);
  });
});

describe('HTTP errors, redirects and timeouts', () => {
  it('reports 404 at once, and 410 as an expired link', async () => {
    origin = await startOrigin({ body });
    origin.state.handler = (req, res) => {
      res.writeHead(req.url === '/gone' ? 410 : 404);
      res.end();
      return true;
    };
    const missing = await downloadFile({ url: origin.url('/missing'), directory: folder, fileName: 'a.bin' }, FAST);
    expect(missing).toMatchObject({ ok: false, error: { code: 'http_error', status: 404, retryable: false } });
    expect(origin.requests.length).toBe(1);
    const gone = await downloadFile({ url: origin.url('/gone'), directory: folder, fileName: 'a.bin' }, FAST);
    expect(gone).toMatchObject({ ok: false, error: { code: 'expired', status: 410 } });
  });

  it('retries a 503 up to maxAttempts', async () => {
    origin = await startOrigin({ body });
    origin.state.handler = (_req, res) => {
      res.writeHead(503);
      res.end();
      return true;
    };
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, { ...FAST, maxAttempts: 3 });
    expect(result).toMatchObject({ ok: false, error: { code: 'http_error', status: 503, retryable: true } });
    expect(origin.requests.length).toBe(3);
  });

  it('follows redirects up to the limit', async () => {
    origin = await startOrigin({ body });
    origin.state.handler = (req, res) => {
      const hop = /^\/hop(\d+)$/.exec(req.url ?? '');
      if (!hop) return false;
      const n = Number(hop[1]);
      res.writeHead(302, { location: n > 1 ? `/hop${n - 1}` : '/file.bin' });
      res.end();
      return true;
    };
    const ok = await downloadFile({ url: origin.url('/hop3'), directory: folder, fileName: 'a.bin' }, { ...FAST, maxRedirects: 3 });
    expect(ok).toMatchObject({ ok: true, bytes: body.length });
    const tooMany = await downloadFile({ url: origin.url('/hop4'), directory: folder, fileName: 'b.bin' }, { ...FAST, maxRedirects: 3 });
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'too_many_redirects', retryable: false } });
  });

  it('refuses a redirect to a non-http scheme', async () => {
    origin = await startOrigin({ body });
    origin.state.handler = (_req, res) => {
      res.writeHead(301, { location: 'file:///etc/passwd' });
      res.end();
      return true;
    };
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, FAST);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_media_url' } });
  });

  it('does not carry cookies or credentials across origins on a redirect, but keeps the Referer', async () => {
    const target = await startOrigin({ body });
    try {
      origin = await startOrigin({ body });
      origin.state.handler = (_req, res) => {
        res.writeHead(302, { location: target.url() });
        res.end();
        return true;
      };
      const headers = { Cookie: 'session=1', Authorization: 'Bearer x', Referer: 'https://guarded.example/' };
      const result = await downloadFile({ url: origin.url(), headers, directory: folder, fileName: 'a.bin' }, FAST);
      expect(result.ok).toBe(true);
      expect(origin.requests[0]!.headers).toMatchObject({ cookie: 'session=1', authorization: 'Bearer x' });
      const followed = target.requests[0]!.headers;
      expect(followed.cookie).toBeUndefined();
      expect(followed.authorization).toBeUndefined();
      expect(followed.referer).toBe('https://guarded.example/');
    } finally {
      await target.close();
    }
  });

  it('gives up on a server that never answers, after the request timeout', async () => {
    origin = await startOrigin({ body });
    origin.state.handler = () => true;
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin' }, { ...FAST, requestTimeoutMs: 200, maxAttempts: 2 });
    expect(result).toMatchObject({ ok: false, error: { code: 'network', retryable: true } });
    if (!result.ok) expect(result.error.message).toContain('did not answer');
    expect(origin.requests.length).toBe(2);
  });

  it('reports a refused connection as a retryable network error', async () => {
    origin = await startOrigin({ body });
    const url = origin.url();
    await origin.close();
    origin = undefined;
    const result = await downloadFile({ url, directory: folder, fileName: 'a.bin' }, { ...FAST, maxAttempts: 2 });
    expect(result).toMatchObject({ ok: false, error: { code: 'network', retryable: true, partKept: false } });
  });
});
