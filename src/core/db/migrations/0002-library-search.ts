import type { Migration } from '../migrate';

const columns = ['title', 'text', 'author_username', 'author_display_name', 'site'];
const list = columns.join(', ');
const values = (row: 'new' | 'old'): string => columns.map((column) => `${row}.${column}`).join(', ');

/*
 * Schema 2: full-text search. An external-content FTS5 table (the text lives once, in
 * posts). Title and text are indexed rather than the caption, which is one of them.
 * unicode61 with remove_diacritics 2 folds case and accents ("cafe" finds "Café"); CJK
 * runs are not split into words by it, which search-posts covers with a substring match.
 *
 * Triggers keep the index in step on update and delete. New posts are indexed by the
 * post writer, one statement per batch, not by an insert trigger: FTS5 flushes its
 * pending terms at every statement savepoint, and a per-row trigger made a bulk import
 * of 100,000 posts several times slower.
 */
export const searchIndexMigration: Migration = {
  version: 2,
  name: 'library-search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE posts_fts USING fts5(
        ${list},
        content = 'posts', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
        INSERT INTO posts_fts (posts_fts, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
      END;
      CREATE TRIGGER posts_fts_update AFTER UPDATE OF ${list} ON posts
      WHEN ${columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')}
      BEGIN
        INSERT INTO posts_fts (posts_fts, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
        INSERT INTO posts_fts (rowid, ${list}) VALUES (new.id, ${values('new')});
      END;
      -- index whatever schema 1 already holds
      INSERT INTO posts_fts (posts_fts) VALUES ('rebuild');
    `);
  },
};
