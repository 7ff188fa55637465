import type { Migration } from '../migrate';

/*
 * Sites in lower case. The service names a platform "video" on one answer and "Video" on
 * another (the legacy API capitalises), and a post kept the case it came with, so the
 * Library listed the same site twice and a site filter found one half. The writer now
 * lowers the name; this step lowers the names already stored. A row whose lower-case twin
 * is already there (the same post recorded under both names) keeps its name rather than
 * break the (site, platform_id) key: it is a second record of that post, not a lost one.
 */
export const siteCaseMigration: Migration = {
  version: 9,
  name: 'site-case',
  up(db) {
    db.exec('UPDATE OR IGNORE posts SET site = lower(site) WHERE site <> lower(site)');
  },
};
