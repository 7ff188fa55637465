import type { LibraryChange } from '../../../shared/library';
import type { Db } from '../../db';

/** How long a change stays in the log: every Core on the folder reads it within a poll (500 ms). */
const KEEP_MS = 10 * 60_000;

export const NO_CHANGE: LibraryChange = { added: [], updated: [], removed: [], files: [], subtitles: [] };

/** Appends what a write changed to the log, inside the write's own transaction. */
export function createChangeLog(db: Db, now: () => number): (change: Partial<LibraryChange>) => void {
  const insert = db.prepare<[number, string]>('INSERT INTO library_changes (at, change) VALUES (?, ?)');
  const prune = db.prepare<[number]>('DELETE FROM library_changes WHERE at < ?');
  return (change) => {
    const at = now();
    insert.run(at, JSON.stringify({ ...NO_CHANGE, ...change }));
    prune.run(at - KEEP_MS);
  };
}

/** Several logged changes as one: each id once per kind, in the order first seen. */
export function mergeChanges(changes: readonly LibraryChange[]): LibraryChange {
  const merged = (pick: (change: LibraryChange) => readonly number[]): number[] => [...new Set(changes.flatMap(pick))];
  return {
    added: merged((change) => change.added),
    updated: merged((change) => change.updated),
    removed: merged((change) => change.removed),
    files: merged((change) => change.files),
    subtitles: merged((change) => change.subtitles),
  };
}
