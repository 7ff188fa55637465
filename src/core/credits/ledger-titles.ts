import type { Db } from '../db';
import { linkKey } from '../library';

/**
 * What a ledger row's link is called, from what Trove already keeps: the job's title, the
 * library post or profile behind the link. A preview never downloaded has none (the ledger
 * records links, not answers), and the faces then show the link.
 */
export function createLedgerTitles(db: Db): (row: { readonly link: string; readonly jobId: number | null }) => string | undefined {
  const jobTitle = db.prepare<[number], string>("SELECT title FROM jobs WHERE id = ? AND title <> ''").pluck();
  const postTitle = db
    .prepare<[string], string>("SELECT p.caption FROM post_links l JOIN posts p ON p.id = l.post_id WHERE l.url_key = ? AND p.caption <> ''")
    .pluck();
  const profileName = db.prepare<[string], string | null>('SELECT coalesce(display_name, username) FROM profiles WHERE url_key = ?').pluck();
  return ({ link, jobId }) => {
    const key = linkKey(link);
    return (jobId !== null ? jobTitle.get(jobId) : undefined) ?? postTitle.get(key) ?? profileName.get(key) ?? undefined;
  };
}
