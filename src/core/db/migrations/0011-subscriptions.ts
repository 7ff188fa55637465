import type { Migration } from '../migrate';

/*
 * Subscriptions: profiles and playlists Trove looks at on a schedule, queueing what is new.
 * A row carries the user's choices, the last finished run, and the run under way (its
 * cursor, pages, finds and spend, written in the same transaction as the jobs each page
 * queues), so a run cut short by a crash or a restart goes on from its next page and never
 * queues a post or buys a page twice. `subscription_runs` keeps each finished run: the month's spend is summed from it.
 */
export const subscriptionsMigration: Migration = {
  version: 11,
  name: 'subscriptions',
  up(db) {
    db.exec(`
      CREATE TABLE subscriptions (
        id INTEGER PRIMARY KEY,
        url TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('profile', 'playlist')),
        title TEXT NOT NULL,
        username TEXT,
        site TEXT,
        schedule TEXT NOT NULL CHECK (schedule IN ('off', 'hourly', '6h', 'daily', 'weekly')),
        options TEXT NOT NULL CHECK (json_valid(options)),
        run_cap REAL,
        month_cap REAL,
        stop_below REAL NOT NULL,
        only_after INTEGER,
        paused INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        next_run_at INTEGER,
        -- the run under way, or cut short (resumed from run_cursor)
        run_started_at INTEGER,
        run_cursor TEXT,
        run_pages INTEGER NOT NULL DEFAULT 0,
        run_found INTEGER NOT NULL DEFAULT 0,
        run_cost REAL NOT NULL DEFAULT 0,
        run_balance REAL
      );
      CREATE TABLE subscription_runs (
        id INTEGER PRIMARY KEY,
        subscription_id INTEGER NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
        started_at INTEGER NOT NULL,
        ended_at INTEGER NOT NULL,
        pages INTEGER NOT NULL,
        found INTEGER NOT NULL,
        cost REAL NOT NULL,
        outcome TEXT NOT NULL,
        message TEXT
      );
      CREATE INDEX subscription_runs_by_subscription ON subscription_runs (subscription_id, ended_at);
    `);
  },
};
