import { existsSync, renameSync } from 'node:fs';
import type { Result } from '../../shared/errors';
import { unchangedSinceCleanClose } from './clean-close';
import { ok } from '../../shared/errors';
import type { Db, OpenDatabaseOptions } from './database';
import { closeDatabase, openDatabase } from './database';
import { toDatabaseError } from './sqlite-error';

export interface SetAside {
  /** Where the damaged file is now: `<file>.corrupt-<date>`, beside it, never deleted. */
  movedTo: string;
  /** What SQLite said about it. */
  reason: string;
}

/** `2026-11-25T18-04-05`: sortable, and a valid file name on every system. */
const stamp = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace(/:/g, '-');

/**
 * SQLite's own integrity check, the quick form (every page and index entry is read, the
 * slower cross-checks of indexes against tables are skipped): 'ok', or what is wrong.
 */
function integrityProblem(db: Db): string | undefined {
  try {
    const rows = db.pragma('quick_check', { simple: false }) as Array<{ quick_check: string }>;
    const problems = rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
    return problems.length > 0 ? problems.slice(0, 3).join('; ') : undefined;
  } catch (error) {
    return toDatabaseError(error).message;
  }
}

/**
 * Opens the library; a file SQLite cannot open as a database, or whose integrity check
 * fails (checked unless the file is as the last clean close left it: clean-close), is moved aside (with its -wal and -shm, which belong to it) and a new, empty
 * library is opened in its place. The files the user downloaded are untouched: the library
 * can be rebuilt from them. Any other refusal (busy, too new, read-only) is returned as it
 * is, with nothing moved.
 */
export function openOrSetAside(path: string, options: OpenDatabaseOptions & { now: () => number }): Result<{ db: Db; setAside?: SetAside }> {
  // Before opening: the open itself may replay and remove a write-ahead log left behind.
  const unchanged = unchangedSinceCleanClose(path);
  const opened = openDatabase(path, options);
  let reason: string | undefined;
  if (!opened.ok) {
    if (opened.error.code !== 'database_corrupt') return opened;
    reason = opened.error.message;
  } else {
    reason = unchanged ? undefined : integrityProblem(opened.value);
    if (reason === undefined) return ok({ db: opened.value });
    closeDatabase(opened.value);
  }
  const movedTo = `${path}.corrupt-${stamp(options.now())}`;
  try {
    for (const suffix of ['-wal', '-shm']) if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${movedTo}${suffix}`);
    renameSync(path, movedTo);
  } catch (error) {
    const cause = toDatabaseError(error);
    return { ok: false, error: { ...cause, code: 'database_corrupt', message: `The library at ${path} is damaged (${reason}), and it could not be moved aside: ${cause.message}` } };
  }
  const fresh = openDatabase(path, options);
  return fresh.ok ? ok({ db: fresh.value, setAside: { movedTo, reason } }) : fresh;
}
