import { join } from 'node:path';
import { tryLockFile } from '../fs';
import type { FileLock } from '../fs';

/** Locked while a process runs subscriptions of the data folder; never read, moved or deleted. */
const LOCK_FILE = 'subscriptions-lock.db';

/**
 * One process at a time runs a data folder's subscriptions (the app, `trove serve` and a
 * `trove subscriptions run` from cron may share it). The lock is held only during a pass and
 * the system drops it when its holder dies, so a run found half done under the lock was cut
 * short and is taken up, never run beside its owner. A folder whose file system has no locks
 * runs unguarded (undefined lock), as the queue does.
 */
export function lockRuns(dataDir: string): { held: true } | { held: false; lock: FileLock | undefined } {
  const attempt = tryLockFile(join(dataDir, LOCK_FILE));
  if (attempt.ok) return { held: false, lock: attempt.lock };
  return attempt.held ? { held: true } : { held: false, lock: undefined };
}
