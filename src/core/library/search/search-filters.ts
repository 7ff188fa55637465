import { masksWith } from '../posts/media-mask';
import type { SearchPostsQuery } from './search-input';
import { parseSearchText } from './search-text';

export type SearchParams = Record<string, string | number>;

export interface SearchFilters {
  /** WHERE terms over `posts p`, ANDed. */
  readonly where: string[];
  readonly params: SearchParams;
  /**
   * The index a count should read when only site, media type and date filter: the date's
   * sort index carries all three, so the count never reads a post's row (without statistics
   * SQLite took the site index and read ~40,000 rows).
   */
  readonly countIndex?: string;
}

const SEARCHABLE_TEXT = [
  'p.title',
  'p.text',
  'p.author_username',
  'p.author_display_name',
  'p.site',
].map((column) => `coalesce(${column}, '')`).join(` || char(10) || `);

/** The SQL name of foldText, registered on the connection by the search (search-posts). */
export const FOLD_FUNCTION = 'trove_fold';

export const TEXT_MATCH = 'p.id IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH @match)';
export const HAS_SUBTITLES = 'p.id IN (SELECT post_id FROM subtitles)';
const NO_SUBTITLES = 'p.id NOT IN (SELECT post_id FROM subtitles)';

/**
 * The site names a typed site filter stands for: as typed, in lower case, and for an address
 * ("music.example", "www.Video.com") its first label, since the service names a platform
 * ("music") where users type its domain.
 */
export function siteNames(typed: string): string[] {
  const label = typed.includes('.') ? typed.replace(/^www\./i, '').split('.')[0] : undefined;
  return [...new Set([typed, typed.toLowerCase(), ...(label ? [label, label.toLowerCase()] : [])])];
}

const longestStableRun = (fragment: string): string | undefined =>
  fragment.match(/[\p{Script=Han}\p{Script=Hiragana}]+/gu)?.reduce((longest, run) => (run.length > longest.length ? run : longest));

/**
 * The WHERE terms of a query, each written so an index answers it: the author as a union of
 * the username and display-name indexes (an OR of the two made SQLite scan every post), the
 * media type as the masks that include it, subtitles as a set of post ids.
 */
export function searchFilters(query: SearchPostsQuery): SearchFilters {
  const where: string[] = [];
  const params: SearchParams = {};
  const text = parseSearchText(query.query ?? '');
  if (text.match !== null) {
    where.push(TEXT_MATCH);
    params.match = text.match;
  }
  text.substrings.forEach((fragment, index) => {
    // Folding every post in JavaScript is slow; its kanji and hiragana have no other width
    // or case, so the raw text must contain them, and only posts that do are folded.
    const core = longestStableRun(fragment);
    if (core !== undefined) {
      where.push(`instr(${SEARCHABLE_TEXT}, @core${index}) > 0`);
      params[`core${index}`] = core;
    }
    where.push(`instr(${FOLD_FUNCTION}(${SEARCHABLE_TEXT}), @fragment${index}) > 0`);
    params[`fragment${index}`] = fragment;
  });
  if (query.site !== undefined) {
    // A list of exact names, so the site index still answers it.
    const names = siteNames(query.site);
    where.push(`p.site IN (${names.map((_, index) => `@site${index}`).join(', ')})`);
    names.forEach((name, index) => (params[`site${index}`] = name));
  }
  if (query.author !== undefined) {
    where.push(`p.id IN (SELECT id FROM posts WHERE author_username = @author COLLATE NOCASE
      UNION SELECT id FROM posts WHERE author_display_name = @author COLLATE NOCASE)`);
    params.author = query.author;
  }
  if (query.mediaType !== undefined) where.push(`p.media_mask IN (${masksWith(query.mediaType).join(', ')})`);
  if (query.hasSubtitles !== undefined) where.push(query.hasSubtitles ? HAS_SUBTITLES : NO_SUBTITLES);
  // Written as the expression the posts_by_created index is on, so a date range is an index range;
  // a post without a date (-1) never falls inside one.
  const dateColumn = query.dateField === 'added' ? 'p.added_at' : 'coalesce(p.created_at, -1)';
  if (query.from !== undefined) {
    where.push(`${dateColumn} >= @from`);
    params.from = query.from;
  }
  if (query.to !== undefined) {
    where.push(`${dateColumn} < @to`);
    if (query.dateField !== 'added' && query.from === undefined) where.push(`${dateColumn} >= 0`);
    params.to = query.to;
  }
  const narrowed = [query.site, query.mediaType, query.from ?? query.to].filter((term) => term !== undefined).length;
  const driven = text.match !== null || text.substrings.length > 0 || query.author !== undefined || query.hasSubtitles === true;
  if (driven || narrowed < 2) return { where, params };
  return { where, params, countIndex: query.dateField === 'added' ? 'posts_by_added' : 'posts_by_created' };
}

export const whereClause = (where: readonly string[]): string => (where.length > 0 ? `WHERE ${where.join(' AND ')}` : '');
