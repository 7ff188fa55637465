import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveToUniqueName, numberedName } from '../../../src/core/files/unique-name';

describe('numberedName', () => {
  it('numbers before the extension', () => {
    expect(numberedName('a.mp4', 0)).toBe('a.mp4');
    expect(numberedName('a.mp4', 2)).toBe('a (2).mp4');
    expect(numberedName('a', 1)).toBe('a (1)');
    expect(numberedName('a.tar.gz', 1)).toBe('a.tar (1).gz');
  });
});

describe('moveToUniqueName', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'trove-unique-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('never overwrites an existing file', async () => {
    await writeFile(path.join(folder, 'clip.mp4'), 'old');
    await writeFile(path.join(folder, 'clip (1).mp4'), 'older');
    await writeFile(path.join(folder, 'src.part'), 'new');
    const target = await moveToUniqueName(path.join(folder, 'src.part'), folder, 'clip.mp4');
    expect(target).toBe(path.join(folder, 'clip (2).mp4'));
    expect(await readFile(path.join(folder, 'clip.mp4'), 'utf8')).toBe('old');
    expect(await readFile(path.join(folder, 'clip (1).mp4'), 'utf8')).toBe('older');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect((await readdir(folder)).sort()).toEqual(['clip (1).mp4', 'clip (2).mp4', 'clip.mp4']);
  });

  it('gives two simultaneous moves to the same name different names', async () => {
    await writeFile(path.join(folder, 'a.part'), 'a');
    await writeFile(path.join(folder, 'b.part'), 'b');
    const targets = await Promise.all([
      moveToUniqueName(path.join(folder, 'a.part'), folder, 'x.mp4'),
      moveToUniqueName(path.join(folder, 'b.part'), folder, 'x.mp4'),
    ]);
    expect(new Set(targets).size).toBe(2);
    const contents = await Promise.all(targets.map((target) => readFile(target, 'utf8')));
    expect(contents.sort()).toEqual(['a', 'b']);
  });
});

// tmpfs, unlike the temp folder's disk: a hard link across file systems fails (EXDEV) like
// on a file system without hard links, and so does the rename that follows.
const otherFileSystem = '/dev/shm';
describe.skipIf(!existsSync(otherFileSystem) || statSync(otherFileSystem).dev === statSync(os.tmpdir()).dev)('moveToUniqueName without hard links', () => {
  let folder: string;
  let elsewhere: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'trove-unique-'));
    elsewhere = await mkdtemp(path.join(otherFileSystem, 'trove-unique-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
    await rm(elsewhere, { recursive: true, force: true });
  });

  it('leaves no empty file under the chosen name when the move fails', async () => {
    await writeFile(path.join(elsewhere, 'src.part'), 'new');
    await writeFile(path.join(folder, 'clip.mp4'), 'old');
    await expect(moveToUniqueName(path.join(elsewhere, 'src.part'), folder, 'clip.mp4')).rejects.toMatchObject({ code: 'EXDEV' });
    expect(await readdir(folder)).toEqual(['clip.mp4']);
    expect(await readFile(path.join(folder, 'clip.mp4'), 'utf8')).toBe('old');
    expect(await readFile(path.join(elsewhere, 'src.part'), 'utf8')).toBe('new');
  });
});
