import type { Migration } from '../migrate';

/*
 * Schema 9 (reserved as 0013 for this branch: the lead renumbers at merge): the sites whose
 * subtitle listing the service refused as unsupported. Trove learns them from the service's
 * own answers, as it learns prices, and Grab stops offering subtitles there. A site's row
 * goes when a listing there works again.
 */
export const subtitleRefusalsMigration: Migration = {
  version: 9,
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
