import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile } from '../../../src/core/download/download-file';
import { bytesOf, startOrigin, type Origin } from './origin-server';

describe('downloadFile refuses bad requests before any network or disk access', () => {
  let origin: Origin;
  let folder: string;
  beforeAll(async () => {
    origin = await startOrigin({ body: bytesOf(1000) });
    folder = await mkdtemp(path.join(os.tmpdir(), 'trove-checks-'));
  });
  afterAll(async () => {
    await origin.close();
    await rm(folder, { recursive: true, force: true });
  });

  it.each(['file:///etc/passwd', 'data:text/plain,hello', 'javascript:alert(1)', 'ftp://example.com/a', 'not a url', ''])(
    'refuses the URL %j',
    async (url) => {
      const result = await downloadFile({ url, directory: folder, fileName: 'a.bin' });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatchObject({ kind: 'download', code: 'bad_media_url', retryable: false, partKept: false });
    },
  );

  it.each([
    [{ Referer: 'https://a.example/\r\nX-Evil: 1' }, 'line break'],
    [{ 'X-Test': 'a\nb' }, 'line break'],
    [{ 'Bad Name': 'x' }, 'not valid'],
    [{ 'X:Colon': 'x' }, 'not valid'],
  ])('refuses the headers %j', async (headers, reason) => {
    const result = await downloadFile({ url: origin.url(), headers, directory: folder, fileName: 'a.bin' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_header');
      expect(result.error.message).toContain(reason);
    }
  });

  it.each(['../escape.bin', 'a/b.bin', '..', '/etc/x'])('refuses the file name %j', async (fileName) => {
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('invalid_file_name');
  });

  it('made no request and wrote nothing for any of them', async () => {
    expect(origin.requests).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
  });

  it('returns canceled at once for an already aborted signal', async () => {
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: 'a.bin', signal: AbortSignal.abort() });
    expect(result).toMatchObject({ ok: false, error: { code: 'canceled' } });
    expect(origin.requests).toEqual([]);
  });
});
