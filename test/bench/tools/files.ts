import { randomFillSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** A fresh directory for one bench run, under the OS temp dir. */
export const makeRunDir = (): string => mkdtempSync(join(tmpdir(), 'trove-bench-'));

/** Where fixtures that are slow to make (ffmpeg encodes) are kept between runs. */
export const cacheDir = (): string => join(tmpdir(), 'trove-bench-cache');

/** `size` random bytes into `path` (incompressible, like media). */
export async function writeRandomFile(path: string, size: number): Promise<void> {
  const chunk = Buffer.alloc(16 << 20);
  const file = await open(path, 'w');
  try {
    for (let written = 0; written < size; ) {
      const length = Math.min(chunk.length, size - written);
      randomFillSync(chunk, 0, length);
      written += (await file.write(chunk, 0, length)).bytesWritten;
    }
  } finally {
    await file.close();
  }
}

/** fsync of a finished file; the ms it took. */
export async function fsyncFile(path: string): Promise<number> {
  const started = performance.now();
  const file = await open(path, 'r');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
  return performance.now() - started;
}

export const remove = (path: string): Promise<void> => rm(path, { recursive: true, force: true });
