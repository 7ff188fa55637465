import type { Migration } from '../migrate';

/*
 * Schema 3: credits. Alert state is kept per threshold so a restart never repeats an
 * alert; the ledger records every charged call (never a media URL: `link` is what the
 * user asked for).
 */
export const creditsMigration: Migration = {
  version: 3,
  name: 'credits',
  up(db) {
    db.exec(`
      CREATE TABLE balance_alerts (
        threshold INTEGER PRIMARY KEY,
        -- 1: will fire when the balance falls below; 0: fired, waiting for a top-up
        armed INTEGER NOT NULL CHECK (armed IN (0, 1)),
        changed_at INTEGER NOT NULL
      );
      CREATE TABLE credit_balance (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        balance REAL NOT NULL,
        observed_at INTEGER NOT NULL
      );
      CREATE TABLE ledger (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        endpoint TEXT NOT NULL,
        link TEXT NOT NULL,
        cost REAL,
        balance_after REAL,
        -- jobs.id; no foreign key: the record of what was paid outlives the job
        job_id INTEGER
      );
      CREATE INDEX ledger_at ON ledger (at);
      CREATE INDEX ledger_job ON ledger (job_id) WHERE job_id IS NOT NULL;
    `);
  },
};
