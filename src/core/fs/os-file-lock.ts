import { unlinkSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * An exclusive lock that the operating system drops when its holder dies, however it dies
 * (a crash, `kill -9`, a power cut of a network client). It is an exclusive SQLite lock on
 * a small (empty) file: fcntl byte-range locks on POSIX, LockFileEx on Windows. Nothing is
 * inferred from process ids or clocks, so a reused pid or a zombie cannot fool it.
 *
 * SQLite also keeps the locks of two connections in one process apart (POSIX locks are per
 * process) and defers closing a file another connection still locks, so a second lock of
 * the same file in the same process is refused like one from another process. The file
 * must never be opened by anything else in the process (`fs.readFile` on it would drop
 * every lock on it when it closes), nor renamed or replaced while it may be locked.
 */
export interface FileLock {
  /** Gives the lock up; the file stays (another process may be waiting on it). */
  release(): void;
  /** Deletes the file, then gives the lock up: for a lock file no one may take again. */
  releaseAndRemove(): void;
}

export type LockAttempt =
  | { ok: true; lock: FileLock }
  /** Another process, or another lock in this one, holds it. */
  | { ok: false; held: true }
  /** The file cannot be locked at all: `message` says why (read-only folder, no locks on this file system). */
  | { ok: false; held: false; message: string };

const BUSY = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

const removeQuietly = (path: string): boolean => {
  try {
    unlinkSync(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
};

/** Takes the lock on `path` (created if missing) at once, or says who has it or why it cannot be had. */
export function tryLockFile(path: string): LockAttempt {
  let db: Database.Database;
  try {
    // timeout 0: an answer now, not after better-sqlite3's default 5 s of retries.
    db = new Database(path, { timeout: 0 });
  } catch (error) {
    return { ok: false, held: false, message: describe(error) };
  }
  try {
    // No journal file beside the lock (the lock file holds no data; a journal on disk would
    // be one more file to leave behind). Reading the mode already waits for the lock.
    db.exec('PRAGMA journal_mode = MEMORY');
    // In a rollback-journal mode EXCLUSIVE is taken at once and kept until COMMIT.
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && BUSY.has(code) ? { ok: false, held: true } : { ok: false, held: false, message: describe(error) };
  }
  let open = true;
  const close = (): void => {
    if (!open) return;
    open = false;
    db.close(); // an open transaction is rolled back; it changed nothing
  };
  return {
    ok: true,
    lock: {
      release: close,
      releaseAndRemove() {
        if (!open) return;
        // POSIX: removed while still held, so no one can lock it between the two steps.
        // Windows refuses to delete an open file: there it goes after the close.
        const removed = removeQuietly(path);
        close();
        if (!removed) removeQuietly(path);
      },
    },
  };
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
