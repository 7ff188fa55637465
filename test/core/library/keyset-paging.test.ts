import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryStore } from '../../../src/core/library/library-store';
import { createLibraryStore } from '../../../src/core/library/library-store';
import type { SearchPostsInput } from '../../../src/core/library/search/search-input';
import { videoPost } from './post-fixtures';
import type { TempLibrary } from './temp-library';
import { tempLibrary } from './temp-library';
import { unwrap } from './unwrap';

let temp: TempLibrary;
let library: LibraryStore;
let time = Date.UTC(2026, 0, 1);

beforeEach(() => {
  temp = tempLibrary();
  // every post of a batch is added at the same millisecond: the added sort ties too
  library = createLibraryStore(temp.db, { now: () => time });
});
afterEach(() => temp.cleanup());

/** Titles and dates repeat, so every sort key has ties broken only by the row id. */
const addPosts = (from: number, count: number): void => {
  const posts = Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return { post: videoPost(`p${n}`, { title: ['Same', 'same', 'Other'][n % 3], created_at: n % 2 === 0 ? '2025-01-01T00:00:00Z' : undefined }) };
  });
  unwrap(library.upsertPosts(posts));
  time += 1000;
};

const pageThrough = (query: SearchPostsInput, between: () => void = () => undefined): string[] => {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = unwrap(library.searchPosts({ ...query, limit: 3, ...(cursor ? { cursor } : {}) }));
    seen.push(...page.rows.map((row) => row.platformId ?? '?'));
    cursor = page.nextCursor ?? undefined;
    between();
  } while (cursor);
  return seen;
};

describe('keyset paging over non-unique sort keys', () => {
  it('visits every post once in every sort, both ways', () => {
    addPosts(0, 20);
    // unfiltered pages walk the sort index; filtered ones sort the matches (search-posts)
    for (const filter of [{}, { query: 'video' }, { site: 'video.example' }]) {
      for (const sort of ['added', 'created', 'title', 'size'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const all = unwrap(library.searchPosts({ ...filter, sort, direction, limit: 500 })).rows.map((row) => row.platformId);
          const seen = pageThrough({ ...filter, sort, direction });
          expect(seen, `${sort} ${direction}`).toEqual(all);
          expect(new Set(seen).size, `${sort} ${direction}`).toBe(20);
        }
      }
    }
  });

  it('neither repeats nor skips a post when posts are added between pages (newest first)', () => {
    addPosts(0, 10);
    const before = unwrap(library.searchPosts({ sort: 'added', direction: 'desc', limit: 500 })).rows.map((row) => row.platformId);
    let next = 100;
    const seen = pageThrough({ sort: 'added', direction: 'desc' }, () => {
      addPosts(next, 2);
      next += 2;
    });
    // the new posts sort before the first page; the old ones come exactly once, in order
    expect(seen).toEqual(before);
  });
});
