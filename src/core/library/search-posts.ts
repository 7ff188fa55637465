import type { Statement } from 'better-sqlite3';
import type { Db } from './database';
import type { LibraryPost } from './library-types';
import type { PostRow } from './post-row';
import { POST_COLUMNS, toLibraryPost } from './post-row';
import type { SearchCursor } from './search-cursor';
import { encodeCursor } from './search-cursor';
import type { SearchPostsQuery, SearchSort } from './search-input';
import { parseSearchText } from './search-text';

export interface SearchPage {
  readonly rows: LibraryPost[];
  /** Matches of the whole query, regardless of paging. */
  readonly total: number;
  /** Pass back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

/** Each sort's key, an expression the migrations index; never NULL, so keyset comparisons hold. */
const SORT_KEYS: Readonly<Record<SearchSort, string>> = {
  added: 'p.added_at',
  created: 'coalesce(p.created_at, -1)',
  title: 'p.caption COLLATE NOCASE',
  size: 'p.total_size',
};

const SEARCHABLE_TEXT = [
  'p.title',
  'p.text',
  'p.author_username',
  'p.author_display_name',
  'p.site',
].map((column) => `coalesce(${column}, '')`).join(` || char(10) || `);

type Params = Record<string, string | number>;

/**
 * The WHERE terms of a query. `forPage`: the page query walks the sort key's index and stops
 * after LIMIT rows, so the site term is written `+p.site` to keep the planner from using the
 * (site, platform id) index and sorting tens of thousands of rows instead; the count query
 * wants that index.
 */
function filters(query: SearchPostsQuery, forPage = false): { where: string[]; params: Params } {
  const where: string[] = [];
  const params: Params = {};
  const text = parseSearchText(query.query ?? '');
  if (text.match !== null) {
    where.push('p.id IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH @match)');
    params.match = text.match;
  }
  text.substrings.forEach((fragment, index) => {
    where.push(`instr(lower(${SEARCHABLE_TEXT}), @fragment${index}) > 0`);
    params[`fragment${index}`] = fragment;
  });
  if (query.site !== undefined) {
    where.push(forPage ? '+p.site = @site' : 'p.site = @site');
    params.site = query.site;
  }
  if (query.author !== undefined) {
    where.push('(p.author_username = @author COLLATE NOCASE OR p.author_display_name = @author COLLATE NOCASE)');
    params.author = query.author;
  }
  if (query.mediaType !== undefined) {
    where.push('EXISTS (SELECT 1 FROM media_items m WHERE m.post_id = p.id AND m.media_type = @mediaType)');
    params.mediaType = query.mediaType;
  }
  if (query.hasSubtitles !== undefined) {
    where.push(`${query.hasSubtitles ? '' : 'NOT '}EXISTS (SELECT 1 FROM subtitles s WHERE s.post_id = p.id)`);
  }
  // Written as the expression the posts_created index is on, so a date range is an index range;
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
  return { where, params };
}

const whereClause = (where: readonly string[]): string => (where.length > 0 ? `WHERE ${where.join(' AND ')}` : '');

/** Search, filter, sort and page the library; statements are cached by shape. */
export function createPostSearch(db: Db) {
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  return db.transaction((query: SearchPostsQuery, after?: SearchCursor): SearchPage => {
    const { where, params } = filters(query);
    // A text search alone is counted in the full-text index itself, without touching posts.
    const onlyText = where.length === 1 && params.match !== undefined;
    const countSql = onlyText
      ? 'SELECT count(*) AS total FROM posts_fts WHERE posts_fts MATCH @match'
      : `SELECT count(*) AS total FROM posts p ${whereClause(where)}`;
    const { total } = prepare(countSql).get(params) as { total: number };

    const key = SORT_KEYS[query.sort];
    const [order, beyond] = query.direction === 'asc' ? ['ASC', '>'] : ['DESC', '<'];
    const pageFilters = filters(query, true).where;
    const pageWhere = after ? [...pageFilters, `(${key} ${beyond} @afterKey OR (${key} = @afterKey AND p.id ${beyond} @afterId))`] : pageFilters;
    const rows = prepare(`
      SELECT ${POST_COLUMNS}, ${key} AS sort_key FROM posts p ${whereClause(pageWhere)}
      ORDER BY ${key} ${order}, p.id ${order} LIMIT @limit OFFSET @offset`).all({
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
