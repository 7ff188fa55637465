import Database from 'better-sqlite3';
import type { ErrorCodes } from '../../shared/error-codes';
import { retryableByDefault } from '../../shared/error-codes';
import type { ErrorInfo, Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';

/** The library's own subset of the error codes. */
export type DatabaseErrorCode = ErrorCodes<
  | 'database_busy'
  | 'disk_full'
  | 'database_read_only'
  | 'database_unavailable'
  | 'database_corrupt'
  | 'database_constraint'
  | 'database_io'
  | 'database_error'
>;

// Whether a retry may help is the code's own (error-codes.ts): busy and I/O may pass, the rest stays.
const byCode: ReadonlyArray<readonly [prefix: string, code: DatabaseErrorCode, message: string]> = [
  ['SQLITE_BUSY', 'database_busy', 'The library is busy (another Trove may be using it)'],
  ['SQLITE_LOCKED', 'database_busy', 'The library is busy (another Trove may be using it)'],
  ['SQLITE_FULL', 'disk_full', 'The disk holding the library is full'],
  ['SQLITE_READONLY', 'database_read_only', 'The library file cannot be written'],
  ['SQLITE_CANTOPEN', 'database_unavailable', 'The library file cannot be opened'],
  ['SQLITE_NOTADB', 'database_corrupt', 'The library file is not a Trove database'],
  ['SQLITE_CORRUPT', 'database_corrupt', 'The library file is damaged'],
  ['SQLITE_CONSTRAINT', 'database_constraint', 'The library refused inconsistent data'],
  ['SQLITE_IOERR', 'database_io', 'The library file could not be read or written'],
];

/** Turn anything SQLite (or a migration body) threw into an error as data. */
export function toDatabaseError(error: unknown): ErrorInfo {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof Database.SqliteError) {
    const match = byCode.find(([prefix]) => error.code.startsWith(prefix));
    if (match) {
      const [, code, message] = match;
      return { code, retryable: retryableByDefault(code), message: `${message}: ${reason}`, detail: { sqlite: error.code } };
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
