import type { Migration } from '../migrate';

/*
 * Schema 12: the sites whose subtitle listing the service refused as unsupported. Trove
 * learns them from the service's own answers, as it learns prices, and Grab stops offering
 * subtitles there. A site's row
 * goes when a listing there works again.
 */
export const subtitleRefusalsMigration: Migration = {
  version: 12,
  name: 'subtitle-refusals',
  up(db) {
    db.exec(`
      CREATE TABLE subtitle_refusals (
        -- host of the link, without www. (as learned prices have it), e.g. guarded.example
        site TEXT PRIMARY KEY,
        -- the service's code, e.g. unsupported_site
        code TEXT NOT NULL,
        -- the service's own words
        message TEXT NOT NULL,
        learned_at INTEGER NOT NULL
      );
    `);
  },
};
