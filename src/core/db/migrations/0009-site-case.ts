import type { Migration } from '../migrate';

/*
 * Sites in lower case. The service names a platform "video" on one answer and "Video" on
 * another (the legacy API capitalises), and a post kept the case it came with, so the
 * Library listed the same site twice and a site filter found one half. The writer now
 * lowers the name; this step lowers the names already stored. A row whose lower-case twin
 * is already there (the same post recorded under both names) keeps its name rather than
 * break the (site, platform_id) key: it is a second record of that post, not a lost one.
 *
 * The search index's update trigger is set aside for the update: it would take each row out
 * of the index and tokenize it again, and the tokens are the same ones (the index folds case,
 * and lower() changes ASCII letters only). With it, lowering 43,000 of 100,000 posts took
 * 3.3 s of CPU (benchmark 6's upgrade row, docs/performance.md). The trigger is re-created
 * from its own stored definition, so schema 2 stays its only source.
 */
export const siteCaseMigration: Migration = {
  version: 9,
  name: 'site-case',
  up(db) {
    const trigger = db.prepare<[], string>("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'posts_fts_update'").pluck().get();
    if (trigger !== undefined) db.exec('DROP TRIGGER posts_fts_update');
    db.exec('UPDATE OR IGNORE posts SET site = lower(site) WHERE site <> lower(site)');
    if (trigger !== undefined) db.exec(trigger);
  },
};
