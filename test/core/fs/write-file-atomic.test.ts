import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/core/fs/write-file-atomic';

describe('writeFileAtomic', () => {
  it('replaces the content and leaves no temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-atomic-'));
    const path = join(dir, 'settings.json');
    writeFileSync(path, 'old');
    await writeFileAtomic(path, 'new');
    expect(readFileSync(path, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('keeps the old content and removes its temp file when the rename fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-atomic-'));
    const target = join(dir, 'occupied');
    mkdirSync(join(target, 'child'), { recursive: true }); // renaming a file over a non-empty folder fails
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['occupied']);
  });

  it('gives each of two simultaneous writes its own temp file, so the result is one of them whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-atomic-'));
    const path = join(dir, 'window.json');
    const long = `{"long":"${'x'.repeat(100_000)}"}`;
    const short = '{"short":1}';
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([writeFileAtomic(path, long), writeFileAtomic(path, short)]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect([long, short]).toContain(readFileSync(path, 'utf8'));
    }
    expect(readdirSync(dir)).toEqual(['window.json']);
  });
});
