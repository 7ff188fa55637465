import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { isProcessRunning } from '../fs/is-process-running';

const LOCK_FILE = 'queue.lock';
/** A lock file without readable content is being written, unless it is older than this. */
const UNREADABLE_GRACE_MS = 5_000;

const holderSchema = z.object({ pid: z.number().int().positive(), token: z.string() });

export interface QueueLock {
  /** True when this Core now runs the data folder's queue (it took the lock, or had it). */
  acquire(): boolean;
  release(): void;
}

/**
 * One process runs the jobs of a data folder. The desktop app, `trove serve` and
 * `trove get` may share a folder (on Windows and macOS the app and the CLI do by default);
 * two queues on one folder would run the same jobs side by side and pay twice. The holder
 * writes its pid to `<dataDir>/queue.lock`; a lock whose process is gone (a crash, a kill)
 * is taken over. Each Core has its own token, so a second Core in the same process waits too.
 */
export function createQueueLock(dataDir: string): QueueLock {
  const path = join(dataDir, LOCK_FILE);
  const token = randomBytes(8).toString('hex');
  const own = JSON.stringify({ pid: process.pid, token });
  let held = false;

  const holder = (): z.infer<typeof holderSchema> | 'unreadable' | undefined => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
    try {
      return holderSchema.parse(JSON.parse(text));
    } catch {
      return 'unreadable';
    }
  };

  const isStale = (current: ReturnType<typeof holder>): boolean => {
    if (current === undefined) return true;
    if (current === 'unreadable') {
      try {
        return Date.now() - statSync(path).mtimeMs > UNREADABLE_GRACE_MS;
      } catch {
        return true;
      }
    }
    return !isProcessRunning(current.pid);
  };

  const create = (): boolean => {
    try {
      writeFileSync(path, own, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  };

  const removeStale = (): void => {
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };

  return {
    acquire() {
      if (held) return true;
      try {
        // A stale lock is removed and taken; when another process took it over first, it waits.
        held = create() || (isStale(holder()) && (removeStale(), create()));
      } catch {
        // A data folder that refuses the lock file (read-only) fails every job anyway: run as before.
        held = true;
      }
      return held;
    },
    release() {
      if (!held) return;
      held = false;
      const current = holder();
      if (current !== undefined && current !== 'unreadable' && current.token === token) {
        try {
          unlinkSync(path);
        } catch {
          // Gone already; the next start treats a leftover as stale anyway.
        }
      }
    },
  };
}
