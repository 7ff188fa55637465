import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QueueHolder } from '../../shared/contract';
import { queueHolderSchema } from '../../shared/contract';
import { tryLockFile } from '../fs';
import type { FileLock } from '../fs';

/** Locked by the process that runs the queue, for as long as it lives; never read, moved or deleted. */
const LOCK_FILE = 'queue-lock.db';
/** Who holds the lock, written by the holder once it has it: for other processes' messages only. */
const HOLDER_FILE = 'queue-holder.json';


export interface QueueLock {
  /** True when this Core now runs the data folder's queue (it took the lock, or had it). */
  acquire(): boolean;
  /** The process that runs the queue when this Core does not, as it described itself (may be a moment stale). */
  holder(): QueueHolder | undefined;
  /** Why the lock cannot be used in this data folder; this Core then runs the queue unguarded. */
  unavailable(): string | undefined;
  release(): void;
}

/**
 * One process runs the jobs of a data folder. The desktop app, `trove serve` and
 * `trove get` may share a folder (on Windows and macOS the app and the CLI do by default);
 * two queues on one folder would run the same jobs side by side and pay twice. The holder
 * keeps an exclusive OS lock on `queue-lock.db` (see os-file-lock): the system drops it when
 * the holder ends, however it ends, so the next `acquire()` of a waiting Core takes it.
 * No pid or clock decides anything; the pid in `queue-holder.json` only names the holder.
 * Each Core has its own lock, so a second Core in the same process waits like another process.
 */
export function createQueueLock(dataDir: string, self: Omit<QueueHolder, 'pid'>): QueueLock {
  const lockPath = join(dataDir, LOCK_FILE);
  const holderPath = join(dataDir, HOLDER_FILE);
  let lock: FileLock | undefined;
  let problem: string | undefined;

  return {
    acquire() {
      if (lock || problem) return true;
      const attempt = tryLockFile(lockPath);
      if (attempt.ok) {
        lock = attempt.lock;
        const note: QueueHolder = { pid: process.pid, ...self };
        // Only messages depend on it, so a plain synchronous write: done before a short-lived
        // `trove` exits (an atomic write's temp outlived one), and a note torn by a kill reads
        // as "not written yet" until the next holder writes it again. A folder that refuses
        // it still runs the queue.
        try {
          writeFileSync(holderPath, JSON.stringify(note));
        } catch {
          // Messages only.
        }
        return true;
      }
      if (attempt.held) return false;
      // A read-only folder, or a file system without locks: nothing can tell this process
      // from another, so it runs the queue as the only one (a read-only folder fails every job anyway).
      problem = `The downloads of ${dataDir} cannot be reserved for one Trove at a time (${attempt.message}); another Trove on this folder may run the same jobs.`;
      return true;
    },
    holder() {
      if (lock || problem) return undefined;
      try {
        return queueHolderSchema.parse(JSON.parse(readFileSync(holderPath, 'utf8')));
      } catch {
        return undefined; // not written yet, or by a Trove that wrote none
      }
    },
    unavailable: () => problem,
    release() {
      lock?.release();
      lock = undefined;
    },
  };
}
