import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFolderWritable } from '../../../src/core/fs/check-folder-writable';
import { makeFolder } from '../../../src/core/fs/make-folder';

/*
 * The folder checks that run before a download folder is saved and before a download
 * starts. The /proc case is the one that made Node's recursive mkdir spin forever.
 */

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trove-folder-'));
  await writeFile(join(root, 'afile'), 'not a folder');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('makeFolder', () => {
  it('makes every missing level and accepts a folder that is already there', async () => {
    const deep = join(root, 'a', 'b', 'c');
    await makeFolder(deep);
    expect((await stat(deep)).isDirectory()).toBe(true);
    await expect(makeFolder(deep)).resolves.toBeUndefined();
  });

  it('refuses a path through a file with ENOTDIR', async () => {
    await expect(makeFolder(join(root, 'afile', 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('gives up under /proc instead of looping (Node’s recursive mkdir never returns there)', async () => {
    await expect(makeFolder('/proc/trove-check/sub')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('checkFolderWritable', () => {
  it('writes a probe file into a new folder and leaves nothing behind', async () => {
    const folder = join(root, 'downloads', 'new');
    expect(await checkFolderWritable(folder)).toEqual({ ok: true, value: undefined });
    expect(await readdir(folder)).toEqual([]);
  });

  it.each([
    ['a folder through a file', (): string => join(root, 'afile', 'sub'), 'not_a_folder'],
    ['a folder under /proc', (): string => '/proc/trove-downloads', 'cannot_create'],
    // /sys refuses new files even to root; a plain user is refused by the permission bits the same way
    ['a folder that refuses new files', (): string => '/sys', 'no_permission'],
  ] as const)('refuses %s with a reason and a message that points to Settings', async (_name, folder, reason) => {
    const checked = await checkFolderWritable(folder());
    expect(checked).toMatchObject({ ok: false, error: { reason } });
    if (!checked.ok) expect(checked.error.message).toMatch(/Settings\.$/);
  });
});
