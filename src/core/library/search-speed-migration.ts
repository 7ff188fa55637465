import type { Migration } from './migrate';
import { mediaMaskSql } from './media-mask';

/*
 * Schema 5: what the library's filters need to be index lookups at 100,000 posts.
 * - posts.media_mask: the post's media types as a bit set (see media-mask.ts), kept by the
 *   post writer and backfilled here, indexed; it replaces a per-post EXISTS on media_items.
 * - an index on the author's display name, so "author" (username or display name) is two
 *   index lookups instead of a scan.
 */
export const searchSpeedMigration: Migration = {
  version: 5,
  name: 'library-search-speed',
  up(db) {
    db.exec(`
      ALTER TABLE posts ADD COLUMN media_mask INTEGER NOT NULL DEFAULT 0;
      UPDATE posts SET media_mask = ${mediaMaskSql('posts.id')};
      CREATE INDEX posts_media ON posts (media_mask);
      CREATE INDEX posts_author_name ON posts (author_display_name COLLATE NOCASE);
    `);
  },
};
