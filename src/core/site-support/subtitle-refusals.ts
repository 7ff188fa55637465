import type { Result } from '../../shared/errors';
import { siteOf } from '../../shared/price-quote';
import type { SubtitleRefusal } from '../../shared/subtitles';
import type { Db } from '../db';
import { guardDb } from '../db';

/**
 * The service's answers that say a whole site has no subtitles. Other refusals concern one
 * link (a private video, a page that is no video) and say nothing about the site.
 */
const SITE_WIDE_CODES: ReadonlySet<string> = new Set(['unsupported_site']);

/** Where the service refused to list subtitles, per site (library database, `subtitle_refusals`). */
export function createSubtitleRefusals(db: Db, { now }: { readonly now: () => number }) {
  const all = db.prepare<[], SubtitleRefusal>('SELECT site, code, message, learned_at AS learnedAt FROM subtitle_refusals ORDER BY site');
  const upsert = db.prepare<[string, string, string, number]>(`
    INSERT INTO subtitle_refusals (site, code, message, learned_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (site) DO UPDATE SET code = excluded.code, message = excluded.message, learned_at = excluded.learned_at`);
  const forget = db.prepare<[string]>('DELETE FROM subtitle_refusals WHERE site = ?');

  return {
    list: (): Result<SubtitleRefusal[]> => guardDb(() => all.all()),
    /**
     * What one subtitle listing of `link` said about its site: a site-wide refusal is kept,
     * a listing that worked clears an old one (the service supports the site now).
     */
    learn(link: string, answer: { ok: true } | { ok: false; code: string; message: string }): void {
      const site = siteOf(link);
      if (site === undefined) return;
      // A library that cannot be written only loses what was learned; the listing's own answer stands.
      if (answer.ok) guardDb(() => forget.run(site));
      else if (SITE_WIDE_CODES.has(answer.code)) guardDb(() => upsert.run(site, answer.code, answer.message, now()));
    },
  };
}

export type SubtitleRefusals = ReturnType<typeof createSubtitleRefusals>;
