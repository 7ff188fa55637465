import { execFileSync } from 'node:child_process';
import { chmod, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readControlFile } from '../../../src/core/download/control-file';
import { downloadFile } from '../../../src/core/download/download-file';
import { FAST, listFolder, makeFolder, removeFolder, sha256, sha256File } from './helpers';
import { bytesOf, startOrigin, type Origin } from './origin-server';

/*
 * Real disk failures. Root ignores permission bits, so as root the unwritable folder is
 * /sys (sysfs refuses new files even to root); a full disk is a 1 MiB tmpfs, which needs
 * mount rights: where there are none that case is skipped (download-error.test.ts still
 * proves the ENOSPC mapping).
 */

const body = bytesOf(2 * 1024 * 1024, 5);
let origin: Origin;
let folder: string;
beforeAll(async () => {
  origin = await startOrigin({ body });
  folder = await makeFolder();
});
afterAll(async () => {
  await origin.close();
  await removeFolder(folder);
});

async function canCreateIn(directory: string): Promise<boolean> {
  try {
    await (await open(path.join(directory, '.trove-probe'), 'wx')).close();
    await rm(path.join(directory, '.trove-probe'));
    return true;
  } catch {
    return false;
  }
}

async function unwritableFolder(): Promise<string> {
  if (process.getuid?.() === 0) return '/sys';
  const locked = path.join(folder, 'locked');
  await mkdir(locked);
  await chmod(locked, 0o555);
  return locked;
}

function tryMount(args: string[]): boolean {
  try {
    execFileSync('mount', args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('disk errors', () => {
  it('reports a folder it may not write to as permission_denied', async () => {
    const directory = await unwritableFolder();
    expect(await canCreateIn(directory)).toBe(false);
    const result = await downloadFile({ url: origin.url(), directory, fileName: 'trove-test.bin' }, FAST);
    expect(result).toMatchObject({ ok: false, error: { kind: 'download', code: 'permission_denied', retryable: false, partKept: false } });
    if (!result.ok) expect(result.error.message).toContain(directory);
  });

  it('reports a name the file system cannot hold as path_too_long', async () => {
    const result = await downloadFile({ url: origin.url(), directory: folder, fileName: `${'x'.repeat(252)}.bin` }, FAST);
    expect(result).toMatchObject({ ok: false, error: { code: 'path_too_long', retryable: false, partKept: false } });
    expect(origin.requests.length).toBe(0);
  });

  describe('on a disk that fills up', () => {
    const small = path.join(process.cwd(), 'node_modules', '.cache', `trove-full-${process.pid}`);
    let mounted = false;
    beforeAll(async () => {
      await mkdir(small, { recursive: true });
      mounted = process.platform === 'linux' && tryMount(['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', small]);
    });
    afterAll(async () => {
      if (mounted) execFileSync('umount', [small]);
      await rm(small, { recursive: true, force: true });
    });

    it('reports disk_full, keeps the part, and resumes once there is room', async (context) => {
      if (!mounted) context.skip('no rights to mount a small tmpfs here');
      const first = await downloadFile({ url: origin.url(), directory: small, fileName: 'a.bin' }, FAST);
      expect(first).toMatchObject({ ok: false, error: { code: 'disk_full', retryable: false, partKept: true } });
      const control = await readControlFile(path.join(small, 'a.bin.part.json'));
      expect(control?.done.length).toBeGreaterThan(0);

      expect(tryMount(['-o', 'remount,size=4m', small])).toBe(true);
      const second = await downloadFile({ url: origin.url(), directory: small, fileName: 'a.bin' }, FAST);
      expect(second).toMatchObject({ ok: true, bytes: body.length });
      expect(await sha256File(path.join(small, 'a.bin'))).toBe(sha256(body));
      expect(await listFolder(small)).toEqual(['a.bin']);
    });
  });
});
