import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A real small file system for the disk suites: a tmpfs of a chosen size (a full disk is
 * a real ENOSPC, a read-only mount a real EROFS), resized or remounted while mounted.
 * Mounting needs root (CAP_SYS_ADMIN); `smallDiskUnavailable()` says why not otherwise.
 */

export interface SmallDisk {
  path: string;
  /** New size and mode, keeping the files. */
  remount(options: { sizeBytes?: number; readOnly?: boolean }): void;
  unmount(): void;
}

let probed: string | null | undefined;

/** Why tmpfs mounts cannot be used here, or null when they can. */
export function smallDiskUnavailable(): string | null {
  if (probed !== undefined) return probed;
  try {
    const disk = mountSmallDisk(64 * 1024);
    disk.unmount();
    probed = null;
  } catch (error) {
    probed = `cannot mount a tmpfs here (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); these tests need root or CAP_SYS_ADMIN`;
  }
  return probed;
}

export function mountSmallDisk(sizeBytes: number, options: { readOnly?: boolean } = {}): SmallDisk {
  const path = mkdtempSync(join(tmpdir(), 'trove-disk-'));
  const mount = (extra: string[]): void => {
    execFileSync('mount', extra, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  try {
    mount(['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0755${options.readOnly ? ',ro' : ''}`, 'tmpfs', path]);
  } catch (error) {
    rmSync(path, { recursive: true, force: true });
    throw error;
  }
  return {
    path,
    remount({ sizeBytes: size, readOnly }) {
      const flags = ['remount', ...(size !== undefined ? [`size=${size}`] : []), ...(readOnly === undefined ? [] : [readOnly ? 'ro' : 'rw'])];
      mount(['-o', flags.join(','), path]);
    },
    unmount() {
      execFileSync('umount', ['-l', path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
