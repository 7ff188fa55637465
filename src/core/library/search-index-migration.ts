import type { Migration } from './migrate';

const columns = 'title, text, author_username, author_display_name, site';
const values = (row: 'new' | 'old'): string => columns.split(', ').map((column) => `${row}.${column}`).join(', ');

/*
 * Schema 2: full-text search. An external-content FTS5 table (the text lives once, in
 * posts) kept in step by triggers. Title and text are indexed rather than the caption,
 * which is one of them. unicode61 with remove_diacritics 2 folds case and accents
 * ("cafe" finds "Café"); CJK runs are not split into words by it, which search-posts
 * covers with a substring match.
 */
export const searchIndexMigration: Migration = {
  version: 2,
  name: 'library-search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE posts_fts USING fts5(
        ${columns},
        content = 'posts', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
        INSERT INTO posts_fts (rowid, ${columns}) VALUES (new.id, ${values('new')});
      END;
      CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
        INSERT INTO posts_fts (posts_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')});
      END;
      CREATE TRIGGER posts_fts_update AFTER UPDATE OF ${columns} ON posts BEGIN
        INSERT INTO posts_fts (posts_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')});
        INSERT INTO posts_fts (rowid, ${columns}) VALUES (new.id, ${values('new')});
      END;
      -- index whatever schema 1 already holds
      INSERT INTO posts_fts (posts_fts) VALUES ('rebuild');
    `);
  },
};
