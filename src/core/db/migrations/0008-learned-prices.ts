import type { Migration } from '../migrate';

/*
 * Schema 8: learned prices. The spec names no price, but the balance query is free, so
 * Trove learns what each operation costs on each site from the balance drops after its
 * calls. A price is exact when `low = high` (a lone call, or calls solved together),
 * otherwise approximate within [low, high]. A ledger row gets its cost the same way; a
 * row without one is unknown, never guessed.
 */
export const pricesMigration: Migration = {
  version: 8,
  name: 'learned-prices',
  up(db) {
    db.exec(`
      CREATE TABLE learned_prices (
        -- 'post', 'playlist' (one page) or 'subtitles'
        operation TEXT NOT NULL,
        -- host of the extracted link, e.g. video.example
        site TEXT NOT NULL,
        credits REAL NOT NULL,
        low REAL NOT NULL,
        high REAL NOT NULL CHECK (low <= credits AND credits <= high),
        -- balance drops this figure agrees with
        samples INTEGER NOT NULL,
        learned_at INTEGER NOT NULL,
        PRIMARY KEY (operation, site)
      );
      ALTER TABLE ledger ADD COLUMN cost_low REAL;
      ALTER TABLE ledger ADD COLUMN cost_high REAL;
    `);
  },
};
