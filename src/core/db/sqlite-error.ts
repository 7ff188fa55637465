import Database from 'better-sqlite3';
import type { ErrorInfo, Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';

const byCode: ReadonlyArray<readonly [prefix: string, code: string, retryable: boolean, message: string]> = [
  ['SQLITE_BUSY', 'database_busy', true, 'The library is busy (another Trove may be using it)'],
  ['SQLITE_LOCKED', 'database_busy', true, 'The library is busy (another Trove may be using it)'],
  ['SQLITE_FULL', 'disk_full', true, 'The disk holding the library is full'],
  ['SQLITE_READONLY', 'database_read_only', false, 'The library file cannot be written'],
  ['SQLITE_CANTOPEN', 'database_unavailable', false, 'The library file cannot be opened'],
  ['SQLITE_NOTADB', 'database_corrupt', false, 'The library file is not a Trove database'],
  ['SQLITE_CORRUPT', 'database_corrupt', false, 'The library file is damaged'],
  ['SQLITE_CONSTRAINT', 'database_constraint', false, 'The library refused inconsistent data'],
  ['SQLITE_IOERR', 'database_io', true, 'The library file could not be read or written'],
];

/** Turn anything SQLite (or a migration body) threw into an error as data. */
export function toDatabaseError(error: unknown): ErrorInfo {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof Database.SqliteError) {
    const match = byCode.find(([prefix]) => error.code.startsWith(prefix));
    if (match) {
      const [, code, retryable, message] = match;
      return { code, retryable, message: `${message}: ${reason}`, detail: { sqlite: error.code } };
    }
    return { code: 'database_error', retryable: false, message: reason, detail: { sqlite: error.code } };
  }
  return { code: 'database_error', retryable: false, message: reason };
}

/**
 * Run a database operation and return its failure as data. Only SQLite's own errors are
 * expected failures (busy, disk full, constraint); anything else is a bug and propagates.
 */
export function guardDb<T>(run: () => T): Result<T> {
  try {
    return ok(run());
  } catch (error) {
    if (error instanceof Database.SqliteError) return err(toDatabaseError(error));
    throw error;
  }
}
