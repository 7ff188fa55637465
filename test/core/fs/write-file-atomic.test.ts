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
});
