import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadFile } from '../../../src/core/download/download-file';
import { freeSpentBuffer } from '../../../src/core/download/free-spent-buffer';
import { FAST, makeFolder, removeFolder, sha256, sha256File } from './helpers';
import { bytesOf, startOrigin, type Origin } from './origin-server';

describe('freeSpentBuffer', () => {
  it('releases the memory of a buffer that owns its whole ArrayBuffer', () => {
    const buffer = Buffer.alloc(64 * 1024, 1);
    freeSpentBuffer(buffer);
    expect(buffer.buffer.detached).toBe(true);
    expect(buffer.length).toBe(0);
  });

  it('leaves views into a larger or pooled ArrayBuffer alone, and ignores a buffer already freed', () => {
    const whole = Buffer.alloc(1024, 2);
    const view = whole.subarray(0, 512);
    freeSpentBuffer(view);
    expect(whole.buffer.detached).toBe(false);
    expect(view.equals(Buffer.alloc(512, 2))).toBe(true);
    // Small Buffer.from results share node's 8 KiB pool with other buffers.
    const pooled = Buffer.from('abc');
    freeSpentBuffer(pooled);
    expect(pooled.toString()).toBe('abc');
    freeSpentBuffer(whole);
    expect(() => freeSpentBuffer(whole)).not.toThrow();
    expect(whole.buffer.detached).toBe(true);
  });
});

describe('downloads that free their socket reads and body chunks', () => {
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

  it('keeps the bytes intact when a keep-alive socket serves one download after another', async () => {
    // A body of unannounced length ends with the response, not at a count of bytes, so the
    // engine hands the socket back to node's agent, and the next download reads through it.
    const body = bytesOf(3_000_000, 11);
    origin = await startOrigin({ body, ranges: false, chunked: true, etag: null });
    for (const name of ['a.bin', 'b.bin', 'c.bin']) {
      const result = await downloadFile({ url: origin.url(), directory: folder, fileName: name }, FAST);
      expect(result).toMatchObject({ ok: true, bytes: body.length });
      expect(await sha256File(path.join(folder, name))).toBe(sha256(body));
    }
    expect(origin.requests.length).toBe(3);
    expect(origin.connections()).toBe(1);
  });
});
