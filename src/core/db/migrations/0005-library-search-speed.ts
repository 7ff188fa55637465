import type { Migration } from '../migrate';

/*
 * Schema 5: what the library's filters need to be index lookups at 100,000 posts.
 * - posts.media_mask: the post's media types as a bit set (bit i = MEDIA_TYPES[i], see the
 *   library's media-mask.ts), kept by the post writer and backfilled here, indexed; it replaces
 *   a per-post EXISTS on media_items and the media_items index that EXISTS used.
 * - an index on the author's display name, so "author" (username or display name) is two
 *   index lookups instead of a scan.
 * - the sort indexes of schema 1 are replaced by ones that also carry the filtered columns
 *   (site, media types, creation date): a page walks its sort index and tests each entry
 *   there, instead of reading the post's row for every entry it skips. The id follows the
 *   sort key, so ties stay in id order, as the searches sort them.
 * The bits are written out here, not taken from media-mask.ts: a step of the schema is history
 * and must upgrade an old file the same way whatever the library's code becomes.
 */
export const searchSpeedMigration: Migration = {
  version: 5,
  name: 'library-search-speed',
  up(db) {
    db.exec(`
      ALTER TABLE posts ADD COLUMN media_mask INTEGER NOT NULL DEFAULT 0;
      UPDATE posts SET media_mask = (
        SELECT coalesce(sum(DISTINCT CASE m.media_type WHEN 'video' THEN 1 WHEN 'image' THEN 2 WHEN 'audio' THEN 4 WHEN 'live' THEN 8 WHEN 'file' THEN 16 END), 0)
        FROM media_items m WHERE m.post_id = posts.id);
      CREATE INDEX posts_media ON posts (media_mask);
      DROP INDEX media_items_type; -- only the per-post EXISTS used it
      CREATE INDEX posts_author_name ON posts (author_display_name COLLATE NOCASE);

      DROP INDEX posts_added;
      DROP INDEX posts_created;
      DROP INDEX posts_caption;
      DROP INDEX posts_size;
      CREATE INDEX posts_by_added ON posts (added_at, id, site, media_mask, coalesce(created_at, -1));
      CREATE INDEX posts_by_created ON posts (coalesce(created_at, -1), id, site, media_mask);
      CREATE INDEX posts_by_title ON posts (caption COLLATE NOCASE, id, site, media_mask, coalesce(created_at, -1));
      CREATE INDEX posts_by_size ON posts (total_size, id, site, media_mask, coalesce(created_at, -1));
    `);
  },
};
