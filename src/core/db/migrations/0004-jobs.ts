import type { Migration } from '../migrate';

/**
 * The queue's tables. A job row holds everything needed to finish after a restart without
 * paying again: the extracted post (its media links are short-lived, so they serve only
 * this job, never the library), whether its extraction was charged, the playlist cursor
 * checkpoint, and which media items already reached their final file.
 * (A list, as it was before the steps moved here: its SQL text, kept in sqlite_master, stays
 * byte for byte what existing libraries hold.)
 */
export const jobsMigrations: readonly Migration[] = [
  {
    version: 4,
    name: 'jobs',
    up(db) {
      db.exec(`
        CREATE TABLE jobs (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('post', 'playlist')),
          url TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('queued','extracting','downloading','processing','done','failed','paused','canceled')),
          pause_reason TEXT,
          position REAL NOT NULL,
          parent_id INTEGER REFERENCES jobs(id) ON DELETE SET NULL,
          options TEXT NOT NULL DEFAULT '{}',
          post TEXT,
          media_indexes TEXT,
          charged INTEGER NOT NULL DEFAULT 0,
          refreshes INTEGER NOT NULL DEFAULT 0,
          force INTEGER NOT NULL DEFAULT 0,
          playlist_cursor TEXT,
          playlist_limit INTEGER,
          playlist_sync INTEGER NOT NULL DEFAULT 0,
          items_queued INTEGER NOT NULL DEFAULT 0,
          title TEXT NOT NULL DEFAULT '',
          site TEXT,
          thumbnail TEXT,
          library_post_id INTEGER,
          progress_bytes INTEGER NOT NULL DEFAULT 0,
          progress_total INTEGER,
          error TEXT,
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at INTEGER,
          outputs TEXT NOT NULL DEFAULT '{}',
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX jobs_by_state ON jobs (state, position);
        CREATE INDEX jobs_by_parent ON jobs (parent_id);
      `);
    },
  },
];
