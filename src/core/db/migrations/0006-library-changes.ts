import type { Migration } from '../migrate';

/*
 * Schema 6: the library's change log. Each write to the library appends what it changed
 * (post ids added, updated, removed; posts whose files or subtitles were recorded) in the
 * same transaction, so every process on the data folder can tell its faces what changed,
 * whichever process changed it: the app sees a removal made with the CLI. Rows are kept
 * a few minutes only (see library/changes/change-log.ts).
 */
export const libraryChangesMigration: Migration = {
  version: 6,
  name: 'library-changes',
  up(db) {
    db.exec(`
      CREATE TABLE library_changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused once old rows are pruned
        at INTEGER NOT NULL,
        change TEXT NOT NULL CHECK (json_valid(change))
      );
    `);
  },
};
