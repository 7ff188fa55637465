import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryStore } from '../../../src/core/library/library-store';
import { createLibraryStore } from '../../../src/core/library/library-store';
import type { SearchPostsInput } from '../../../src/core/library/search/search-input';
import type { SearchPage } from '../../../src/core/library/search/search-posts';
import type { MediaType, Post } from '../../../src/shared/post';
import type { TempLibrary } from './temp-library';
import { stepClock, tempLibrary } from './temp-library';
import { unwrap } from './unwrap';

/*
 * The search picks its plan from the number of matches (walk the sort index, or sort the
 * matches) and counts some filters by subtraction and from a cache: whatever it picks, the
 * rows, their order and the total must be what a plain filter-and-sort of the posts gives.
 */

const COUNT = 360;
const SITES = ['video.example', 'photos.example', 'music.example'];
const TITLES = ['apple', 'Banana', 'cherry', 'Date', 'elder', 'Fig'];
const START = Date.UTC(2026, 0, 1);

interface Expected {
  id: number;
  site: string;
  author: string;
  authorName: string;
  types: MediaType[];
  caption: string;
  created: number | null;
  added: number;
  size: number;
  subtitled: boolean;
  words: string[];
}

const expected: Expected[] = [];

function makePost(n: number): Post {
  const site = SITES[n % 3] as string;
  const types: MediaType[] = n % 5 === 0 ? ['image', 'video'] : n % 3 === 2 ? ['audio'] : ['video'];
  const author = `author${n % 40}`;
  const title = n % 7 === 0 ? undefined : `${TITLES[n % TITLES.length] as string} ${n % 11}`;
  const text = `post text ${n % 2 === 0 ? 'harbour' : 'summit'}${n % 9 === 0 ? ' lantern' : ''}`;
  // ties and missing dates on purpose: the order falls back to the id
  const created = n % 13 === 0 ? null : START - (n % 50) * 86_400_000;
  expected.push({
    id: n + 1,
    site,
    author,
    authorName: `Name ${n % 40}`,
    types,
    caption: title ?? text,
    created,
    added: START + n * 1000,
    size: 0,
    subtitled: false,
    words: `${title ?? ''} ${text} ${author} Name ${n % 40} ${site}`.toLowerCase().split(/[^a-z0-9]+/u),
  });
  return {
    site,
    id: `n${n}`,
    ...(title === undefined ? {} : { title }),
    text,
    medias: types.map((type) => ({ media_type: type, resource_url: `https://x/${n}/${type}` })),
    author: { username: author, display_name: `Name ${n % 40}` },
    ...(created === null ? {} : { created_at: new Date(created).toISOString() }),
    post_url: `https://${site}/p/${n}`,
  };
}

/** SQLite's NOCASE folds ASCII letters only. */
const nocase = (text: string): string => text.replace(/[A-Z]/gu, (letter) => letter.toLowerCase());

const KEYS: Record<'added' | 'created' | 'title' | 'size', (post: Expected) => number | string> = {
  added: (post) => post.added,
  created: (post) => post.created ?? -1,
  title: (post) => nocase(post.caption),
  size: (post) => post.size,
};

/** Bounds here are epoch ms; a post without a date is in no range. */
const inRange = (value: number | null, from: unknown, to: unknown): boolean =>
  (from === undefined && to === undefined) ||
  (value !== null && (typeof from !== 'number' || value >= from) && (typeof to !== 'number' || value < to));

function reference(query: SearchPostsInput): { ids: number[]; total: number } {
  const matches = expected.filter(
    (post) =>
      (query.site === undefined || post.site === query.site) &&
      (query.mediaType === undefined || post.types.includes(query.mediaType)) &&
      (query.author === undefined || [post.author, post.authorName].some((name) => name.toLowerCase() === query.author?.toLowerCase())) &&
      (query.hasSubtitles === undefined || post.subtitled === query.hasSubtitles) &&
      (query.query === undefined || post.words.some((word) => word.startsWith(query.query ?? ''))) &&
      inRange(query.dateField === 'added' ? post.added : post.created, query.from, query.to),
  );
  const key = KEYS[query.sort ?? 'added'];
  const sign = query.direction === 'asc' ? 1 : -1;
  matches.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
  });
  const offset = query.offset ?? 0;
  return { ids: matches.slice(offset, offset + (query.limit ?? 50)).map((post) => post.id), total: matches.length };
}

let temp: TempLibrary;
let library: LibraryStore;
beforeAll(() => {
  temp = tempLibrary();
  library = createLibraryStore(temp.db, { now: stepClock(START, 1000) });
  unwrap(library.upsertPosts(Array.from({ length: COUNT }, (_, n) => ({ post: makePost(n) }))));
  for (const id of [3, 10, 11, 200]) {
    unwrap(library.addFile({ postId: id, path: `/dl/${id}.mp4`, size: id * 10, kind: 'video' }));
    unwrap(library.addSubtitle({ postId: id, path: `/dl/${id}.en.srt`, size: 0, languageTag: 'en', format: 'srt' }));
    const post = expected[id - 1] as Expected;
    post.size = id * 10;
    post.subtitled = true;
  }
});
afterAll(() => temp.cleanup());

const page = (query: SearchPostsInput) => {
  const result = unwrap(library.searchPosts(query));
  return { ids: result.rows.map((row) => row.id), total: result.total };
};

describe('search plans', () => {
  const filters: SearchPostsInput[] = [
    {},
    { site: 'photos.example' },
    { mediaType: 'image' },
    { mediaType: 'video', site: 'video.example' },
    { author: 'author7' },
    { author: 'NAME 7' },
    { hasSubtitles: true },
    { hasSubtitles: false },
    { hasSubtitles: false, site: 'music.example' },
    { query: 'harbour' },
    { query: 'lantern' },
    { query: 'lantern', mediaType: 'image' },
    { site: 'music.example', from: START - 20 * 86_400_000, to: START - 5 * 86_400_000 },
    { mediaType: 'video', to: START - 10 * 86_400_000 },
    { site: 'video.example', mediaType: 'image', dateField: 'added', from: START + 100_000 },
  ];

  it('give the rows, order and total of a plain filter and sort, for selective and broad filters at any offset', () => {
    for (const filter of filters) {
      for (const sort of ['added', 'created', 'title', 'size'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          for (const offset of [0, 5, 150]) {
            const query = { ...filter, sort, direction, offset, limit: 12 };
            expect(page(query), JSON.stringify(query)).toEqual(reference(query));
          }
        }
      }
    }
  });

  it('pages by cursor in either plan without gaps or repeats', () => {
    for (const filter of [{ author: 'author3' }, { site: 'video.example' }]) {
      const all = reference({ ...filter, sort: 'created', limit: COUNT }).ids;
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const result: SearchPage = unwrap(library.searchPosts({ ...filter, sort: 'created', limit: 7, ...(cursor ? { cursor } : {}) }));
        seen.push(...result.rows.map((row) => row.id));
        cursor = result.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
    }
  });

  it('never answers from a total counted before a write', () => {
    expect(page({ site: 'photos.example' }).total).toBe(COUNT / 3);
    unwrap(library.upsertPosts([{ post: { ...makePost(COUNT + 1), site: 'photos.example', id: 'late' } }]));
    expect(page({ site: 'photos.example' }).total).toBe(COUNT / 3 + 1);
    expect(page({ hasSubtitles: true }).total).toBe(4);
    unwrap(library.addSubtitle({ postId: 1, path: '/dl/1.en.srt', size: 0, languageTag: 'en', format: 'srt' }));
    expect(page({ hasSubtitles: true }).total).toBe(5);
    expect(page({ hasSubtitles: false }).total).toBe(COUNT + 1 - 5);
  });

  it('sees a write made through another connection to the same file', () => {
    const before = page({ author: 'author5' }).total;
    const other = new Database(temp.path);
    other.prepare("UPDATE posts SET author_username = 'author5' WHERE id = 2").run();
    other.close();
    expect(page({ author: 'author5' }).total).toBe(before + 1);
  });
});
