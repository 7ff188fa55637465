import type { Migration } from '../migrate';

/*
 * Schema 1: the library. Media resource URLs are deliberately absent: they expire within
 * minutes; the post URL (and the link the user pasted, in post_links) is what lets a user
 * fetch again. Times are milliseconds since the epoch.
 */
export const librarySchemaMigration: Migration = {
  version: 1,
  name: 'library',
  up(db) {
    db.exec(`
      CREATE TABLE posts (
        id INTEGER PRIMARY KEY,
        site TEXT,
        platform_id TEXT,
        post_url TEXT,
        title TEXT,
        text TEXT,
        -- the spec's display rule: title if present, else text
        caption TEXT NOT NULL GENERATED ALWAYS AS (coalesce(title, text, '')) STORED,
        author_username TEXT,
        author_display_name TEXT,
        author_avatar_path TEXT,
        view_count INTEGER,
        like_count INTEGER,
        created_at INTEGER,
        added_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        -- kept by the files triggers so sorting by size needs no aggregate
        total_size INTEGER NOT NULL DEFAULT 0,
        UNIQUE (site, platform_id)
      );
      CREATE INDEX posts_added ON posts (added_at);
      CREATE INDEX posts_created ON posts (coalesce(created_at, -1));
      CREATE INDEX posts_caption ON posts (caption COLLATE NOCASE);
      CREATE INDEX posts_size ON posts (total_size);
      CREATE INDEX posts_author ON posts (author_username COLLATE NOCASE);

      -- every link known to lead to a post (post_url, the pasted link), normalized: the
      -- duplicate check before a charged call looks here
      CREATE TABLE post_links (
        url_key TEXT PRIMARY KEY,
        post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE
      ) WITHOUT ROWID;
      CREATE INDEX post_links_post ON post_links (post_id);

      CREATE TABLE media_items (
        post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        media_index INTEGER NOT NULL CHECK (media_index >= 0),
        media_type TEXT NOT NULL CHECK (media_type IN ('video', 'image', 'audio', 'live', 'file')),
        duration REAL,
        preview_path TEXT,
        variant TEXT CHECK (variant IS NULL OR json_valid(variant)),
        PRIMARY KEY (post_id, media_index)
      ) WITHOUT ROWID;
      CREATE INDEX media_items_type ON media_items (media_type, post_id);

      CREATE TABLE files (
        id INTEGER PRIMARY KEY,
        post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        media_index INTEGER,
        path TEXT NOT NULL UNIQUE,
        size INTEGER NOT NULL CHECK (size >= 0),
        kind TEXT NOT NULL CHECK (kind IN ('video', 'audio', 'image', 'file', 'subtitle', 'thumbnail')),
        codecs TEXT,
        sha256 TEXT CHECK (sha256 IS NULL OR length(sha256) = 64),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX files_post ON files (post_id);

      CREATE TRIGGER files_size_insert AFTER INSERT ON files BEGIN
        UPDATE posts SET total_size = total_size + new.size WHERE id = new.post_id;
      END;
      CREATE TRIGGER files_size_delete AFTER DELETE ON files BEGIN
        UPDATE posts SET total_size = total_size - old.size WHERE id = old.post_id;
      END;
      CREATE TRIGGER files_size_update AFTER UPDATE OF size, post_id ON files BEGIN
        UPDATE posts SET total_size = total_size - old.size WHERE id = old.post_id;
        UPDATE posts SET total_size = total_size + new.size WHERE id = new.post_id;
      END;

      -- a saved subtitle is a file with a language
      CREATE TABLE subtitles (
        file_id INTEGER PRIMARY KEY REFERENCES files (id) ON DELETE CASCADE,
        post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        language_tag TEXT NOT NULL,
        language_name TEXT,
        format TEXT NOT NULL
      );
      CREATE INDEX subtitles_post ON subtitles (post_id);

      -- previews and avatars, cached at extraction time under content-hash names
      CREATE TABLE thumbnails (
        sha256 TEXT PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,
        size INTEGER NOT NULL,
        mime TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) WITHOUT ROWID;

      -- a profile or playlist is identified by the link it was fetched from
      CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        url_key TEXT NOT NULL UNIQUE,
        url TEXT NOT NULL,
        site TEXT,
        username TEXT,
        display_name TEXT,
        avatar_path TEXT,
        post_count INTEGER,
        follower_count INTEGER,
        -- the next page to ask for; NULL = start from the first page
        cursor TEXT,
        cursor_at INTEGER,
        last_sync_at INTEGER,
        added_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX profiles_site_username ON profiles (site, username);
    `);
  },
};
