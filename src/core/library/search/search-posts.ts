import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db';
import type { LibraryPost } from '../library-types';
import type { PostRow } from '../posts/post-row';
import { POST_COLUMNS, toLibraryPost } from '../posts/post-row';
import type { SearchCursor } from './search-cursor';
import { encodeCursor } from './search-cursor';
import type { SearchParams } from './search-filters';
import { FOLD_FUNCTION, HAS_SUBTITLES, TEXT_MATCH, searchFilters, whereClause } from './search-filters';
import type { SearchPostsQuery, SearchSort } from './search-input';
import { foldText } from './search-text';
import { createTotalCache } from './total-cache';

export interface SearchPage {
  readonly rows: LibraryPost[];
  /** Matches of the whole query, regardless of paging. */
  readonly total: number;
  /** Pass back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

interface SortKey {
  /** An expression the migrations index; never NULL, so keyset comparisons hold. */
  readonly key: string;
  /** That index, walked in order when matches are plentiful. */
  readonly index: string;
  /** The same order over the page's `sort_key` column. */
  readonly pageKey: string;
}

const SORT_KEYS: Readonly<Record<SearchSort, SortKey>> = {
  added: { key: 'p.added_at', index: 'posts_by_added', pageKey: 'page.sort_key' },
  created: { key: 'coalesce(p.created_at, -1)', index: 'posts_by_created', pageKey: 'page.sort_key' },
  title: { key: 'p.caption COLLATE NOCASE', index: 'posts_by_title', pageKey: 'page.sort_key COLLATE NOCASE' },
  size: { key: 'p.total_size', index: 'posts_by_size', pageKey: 'page.sort_key' },
};

/**
 * Walking the sort index visits about (offset + limit) × posts / matches entries; sorting the
 * matches costs about this many index entries per match (a row lookup and a sort step).
 */
const SORT_COST_PER_MATCH = 10;

/** Search, filter, sort and page the library; statements are cached by shape. */
export function createPostSearch(db: Db) {
  // SQLite's lower() folds ASCII only: CJK substrings are compared as the query folds them
  db.function(FOLD_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === 'string' ? foldText(text) : text));
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const cachedTotal = createTotalCache(db);

  const count = (where: readonly string[], params: SearchParams, index?: string): number => {
    // A text search alone is counted in the full-text index itself, without touching posts.
    const sql =
      where.length === 1 && where[0] === TEXT_MATCH
        ? 'SELECT count(*) FROM posts_fts WHERE posts_fts MATCH @match'
        : `SELECT count(*) FROM posts p ${index ? `INDEXED BY ${index}` : ''} ${whereClause(where)}`;
    return cachedTotal(`${sql}\n${JSON.stringify(params)}`, () => prepare(sql).pluck().get(params) as number);
  };

  /** Posts without subtitles are the matches minus those with: few posts have subtitles, all are probed otherwise. */
  const countMatches = (query: SearchPostsQuery): number => {
    if (query.hasSubtitles !== false) {
      const { where, params, countIndex } = searchFilters(query);
      return count(where, params, countIndex);
    }
    const { where, params, countIndex } = searchFilters({ ...query, hasSubtitles: undefined });
    return count(where, params, countIndex) - count([...where, HAS_SUBTITLES], params);
  };

  return db.transaction((query: SearchPostsQuery, after?: SearchCursor): SearchPage => {
    const total = countMatches(query);
    if (total === 0 || (!after && query.offset >= total)) return { rows: [], total, nextCursor: null };

    const { where, params } = searchFilters(query);
    const { key, index, pageKey } = SORT_KEYS[query.sort];
    const [order, beyond] = query.direction === 'asc' ? ['ASC', '>'] : ['DESC', '<'];
    const pageWhere = after
      ? [...where, `${key} ${beyond}= @afterKey`, `(${key} ${beyond} @afterKey OR p.id ${beyond} @afterId)`]
      : where;
    // Few matches: find them through the filters' indexes and sort them (the unary + keeps
    // SQLite from walking the sort index instead). Many: walk the sort index and stop after
    // the page. Either way only the page's ids are sorted; its columns are read for those alone.
    const posts = count([], {});
    const walk = where.length === 0 || (query.offset + query.limit + 1) * posts < SORT_COST_PER_MATCH * total * total;
    const rows = prepare(`
      SELECT ${POST_COLUMNS}, page.sort_key FROM (
        SELECT p.id, ${key} AS sort_key FROM posts p ${walk ? `INDEXED BY ${index}` : ''} ${whereClause(pageWhere)}
        ORDER BY ${walk ? key : `+${key}`} ${order}, p.id ${order} LIMIT @limit OFFSET @offset
      ) AS page JOIN posts p ON p.id = page.id
      ORDER BY ${pageKey} ${order}, page.id ${order}`).all({
      ...params,
      ...(after ? { afterKey: after.key, afterId: after.id } : {}),
      limit: query.limit + 1,
      offset: query.offset,
    }) as Array<PostRow & { sort_key: number | string }>;

    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last
        ? encodeCursor({ sort: query.sort, direction: query.direction, key: last.sort_key, id: last.id })
        : null;
    return { rows: page.map(toLibraryPost), total, nextCursor };
  });
}
