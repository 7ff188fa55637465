import { libraryChangeSchema } from '../../../shared/library';
import type { LibraryChange } from '../../../shared/library';
import type { Db } from '../../db';
import { mergeChanges } from './change-log';

export interface ChangeFeed {
  /** Read what the log gained since the last look (any process's commits) and announce it. */
  check(): void;
  /** check() once the current write has returned (and its transaction, if any, committed). */
  soon(): void;
}

/**
 * Announces the library's changes from its log, so a change made by this process and one
 * committed by another (the CLI removing a post while the app is open) reach the faces the
 * same way. Starts at the log's end: what happened before this Core opened is old news.
 */
export function createChangeFeed(db: Db, announce: (change: LibraryChange) => void): ChangeFeed {
  const end = db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM library_changes').pluck();
  const since = db.prepare<[number], { seq: number; change: string }>('SELECT seq, change FROM library_changes WHERE seq > ? ORDER BY seq');
  let seen = end.get() ?? 0;
  let scheduled = false;
  const check = (): void => {
    if (!db.open) return;
    const rows = since.all(seen);
    const last = rows.at(-1);
    if (!last) return;
    seen = last.seq;
    // A row this Trove cannot read (written by a newer one) is passed over, not fatal.
    const changes = rows.flatMap((row) => {
      const parsed = libraryChangeSchema.safeParse(JSON.parse(row.change));
      return parsed.success ? [parsed.data] : [];
    });
    if (changes.length > 0) announce(mergeChanges(changes));
  };
  return {
    check,
    soon() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        check();
      });
    },
  };
}
