import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileResponse } from '../../../src/node-shared/media/file-response';

describe('fileResponse', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'trove-range-'));
    file = path.join(dir, 'clip.mp4');
    await writeFile(file, '0123456789');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves the whole file with its type', async () => {
    const response = await fileResponse(file, null);
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({ 'Content-Type': 'video/mp4', 'Content-Length': '10', 'Accept-Ranges': 'bytes' });
    expect(await text(response.body!())).toBe('0123456789');
  });

  it('serves a range with 206 and Content-Range', async () => {
    const response = await fileResponse(file, 'bytes=2-5');
    expect(response.status).toBe(206);
    expect(response.headers).toMatchObject({ 'Content-Length': '4', 'Content-Range': 'bytes 2-5/10' });
    expect(await text(response.body!())).toBe('2345');
  });

  it('answers 416 past the end and sends no body for HEAD', async () => {
    const past = await fileResponse(file, 'bytes=10-');
    expect(past.status).toBe(416);
    expect(past.headers['Content-Range']).toBe('bytes */10');
    expect(past.body).toBeUndefined();
    expect((await fileResponse(file, null, true)).body).toBeUndefined();
  });
});
