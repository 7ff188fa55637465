import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import type { Migration } from './migrate';
import { migrateDatabase } from './migrate';
import { toDatabaseError } from './sqlite-error';

export type Db = Database.Database;

export interface OpenDatabaseOptions {
  /** The merged, ordered list (see mergeMigrations); checked and applied before returning. */
  readonly migrations: readonly Migration[];
  /** How long a statement waits for another connection's lock before failing as busy. */
  readonly busyTimeoutMs?: number;
}

/**
 * Open the one connection the process writes through, configured once: WAL (readers never
 * block the writer), foreign keys enforced, a busy timeout instead of instant SQLITE_BUSY,
 * checkpoints every 10,000 pages, and synchronous=NORMAL, which in WAL mode cannot corrupt the file and only risks the
 * last commits on power loss. Then migrate; refusals (newer schema, unreadable file)
 * come back as data and the connection is closed.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions): Result<Db> {
  let db: Db | undefined;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { timeout: options.busyTimeoutMs ?? 5000 });
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (path !== ':memory:' && mode !== 'wal') throw new Error(`journal mode is ${String(mode)}, not WAL`);
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    // A bulk import writes a few thousand pages per batch: checkpointing after every commit
    // (the default threshold, 1,000 pages) copied and synced them again each time. The WAL
    // may now grow to ~40 MB between checkpoints and is cut back to 64 MB at most after one.
    db.pragma('wal_autocheckpoint = 10000');
    db.pragma('journal_size_limit = 67108864');
  } catch (error) {
    db?.close();
    const cause = toDatabaseError(error);
    const code = cause.code === 'database_error' ? 'database_unavailable' : cause.code;
    return err({ ...cause, code, message: `Could not open the library at ${path}: ${cause.message}` });
  }
  const migrated = migrateDatabase(db, options.migrations);
  if (!migrated.ok) {
    db.close();
    return migrated;
  }
  return ok(db);
}

/** Let SQLite refresh its query-planner statistics, then close. */
export function closeDatabase(db: Db): void {
  if (!db.open) return;
  try {
    db.pragma('optimize');
  } catch {
    // A full or read-only disk refuses the statistics; closing matters more.
  }
  db.close();
}
