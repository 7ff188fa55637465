import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryStore } from '../../../src/core/library/library-store';
import { createLibraryStore } from '../../../src/core/library/library-store';
import { toLibraryDetail, toLibraryItem } from '../../../src/core/library/library-item';
import type { SearchPostsInput } from '../../../src/core/library/search/search-input';
import { libraryDetailSchema, libraryItemSchema } from '../../../src/shared/library';
import type { Post } from '../../../src/shared/post';
import { videoPost } from './post-fixtures';
import type { TempLibrary } from './temp-library';
import { stepClock, tempLibrary } from './temp-library';

let temp: TempLibrary;
let library: LibraryStore;

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);

const posts: Post[] = [
  videoPost('v1', { title: 'Sunset over the harbour', text: 'Golden light', created_at: '2025-01-10T10:00:00Z', author: { username: 'alice', display_name: 'Alice Liddell' } }),
  videoPost('v2', { title: 'Café culture in Paris', text: 'Espresso and croissants', created_at: '2025-02-10T10:00:00Z', author: { username: 'bob', display_name: 'Bob Marley' } }),
  videoPost('v3', { title: '東京タワーの夜景', text: '夜の東京を歩く', created_at: '2025-03-10T10:00:00Z', author: { username: 'kenji', display_name: '山田 健二' } }),
  {
    site: 'photos.example',
    id: 'p1',
    text: 'Mountain hike, sunrise at the summit (AND a "quoted" word)',
    medias: [
      { media_type: 'image', resource_url: 'https://x/1.jpg' },
      { media_type: 'image', resource_url: 'https://x/2.jpg' },
    ],
    author: { username: 'alice' },
    created_at: '2025-04-10T10:00:00Z',
    post_url: 'https://photos.example/p/p1',
  },
  { site: 'music.example', id: 't1', title: 'Harbour lights (remix)', medias: [{ media_type: 'audio', resource_url: 'https://x/a.m4a' }], post_url: 'https://music.example/t/t1' },
];

const ids = (input: SearchPostsInput): string[] => {
  const page = library.searchPosts(input);
  if (!page.ok) throw new Error(page.error.message);
  return page.value.rows.map((row) => row.platformId ?? '?');
};

beforeAll(() => {
  temp = tempLibrary();
  library = createLibraryStore(temp.db, { now: stepClock(day('2026-01-01'), 60_000) });
  const written = library.upsertPosts(posts.map((post) => ({ post })));
  if (!written.ok) throw new Error(written.error.message);
  // sizes for the size sort: v2 biggest, t1 smallest with files
  for (const [postId, size] of [[2, 5000], [1, 3000], [5, 10]] as const) {
    library.addFile({ postId, path: `/dl/${postId}`, size, kind: 'video' });
  }
  library.addSubtitle({ postId: 1, path: '/dl/1.en.srt', size: 1, languageTag: 'en', format: 'srt' });
});
afterAll(() => temp.cleanup());

describe('full-text search', () => {
  it('finds posts by words in titles, texts and author names', () => {
    expect(ids({ query: 'harbour', sort: 'title', direction: 'asc' })).toEqual(['t1', 'v1']);
    expect(ids({ query: 'espresso' })).toEqual(['v2']);
    expect(ids({ query: 'summit' })).toEqual(['p1']);
    expect(ids({ query: 'liddell' })).toEqual(['v1']);
    expect(ids({ query: 'marley' })).toEqual(['v2']);
    expect(ids({ query: 'alice', sort: 'created', direction: 'asc' })).toEqual(['v1', 'p1']);
    expect(ids({ query: 'photos' })).toEqual(['p1']);
  });

  it('ANDs the words, ignores case and accents, and prefix-matches the word being typed', () => {
    expect(ids({ query: 'harbour sunset' })).toEqual(['v1']);
    expect(ids({ query: 'CAFE paris' })).toEqual(['v2']);
    expect(ids({ query: 'croiss' })).toEqual(['v2']);
    expect(ids({ query: 'croiss ' })).toEqual([]);
  });

  it('finds Chinese and Japanese words inside unsegmented text', () => {
    expect(ids({ query: 'タワー' })).toEqual(['v3']);
    expect(ids({ query: '東京' })).toEqual(['v3']);
    expect(ids({ query: '夜景 night' })).toEqual([]);
    expect(ids({ query: '健二' })).toEqual(['v3']);
  });

  it('never lets user input become an FTS syntax error', () => {
    const hostile = ['"', '""', '"quoted', 'AND', 'OR NOT', 'a AND', '-', '-summit', '*', 'sun*', '(', '(hike', 'hike)', 'NEAR(a b)', 'title:sunset', '^start', 'a + b', '{x}', '🎉', '\u0000', 'sum\u0000mit', 'hike\u0007', "'; DROP TABLE posts; --", 'summit"', 'ó'];
    for (const query of hostile) {
      const result = library.searchPosts({ query });
      expect(result.ok, query).toBe(true);
    }
    expect(ids({ query: '"quoted"' })).toEqual(['p1']);
    expect(ids({ query: 'summit AND' })).toEqual(['p1']); // "and" is a word here, not an operator
    expect(ids({ query: 'OR espresso' })).toEqual([]);
    expect(ids({ query: '(hike' })).toEqual(['p1']);
    expect(ids({ query: '-summit' })).toEqual(['p1']);
    expect(ids({ query: 'mountain\u0000hike' })).toEqual(['p1']); // a control character pasted in separates words
    expect(temp.db.prepare('SELECT count(*) FROM posts').pluck().get()).toBe(5);
  });

  it('treats a query with no word in it as no query', () => {
    const page = library.searchPosts({ query: '*** ( )' });
    expect(page.ok && page.value.total).toBe(5);
  });
});

describe('filters', () => {
  it('by site, media type, author, subtitles and date', () => {
    expect(ids({ site: 'photos.example' })).toEqual(['p1']);
    expect(ids({ mediaType: 'audio' })).toEqual(['t1']);
    expect(ids({ mediaType: 'image' })).toEqual(['p1']);
    expect(ids({ author: 'ALICE', sort: 'created', direction: 'asc' })).toEqual(['v1', 'p1']);
    expect(ids({ author: 'Bob Marley' })).toEqual(['v2']);
    expect(ids({ hasSubtitles: true })).toEqual(['v1']);
    expect(ids({ hasSubtitles: false })).toHaveLength(4);
    expect(ids({ from: day('2025-02-01'), to: day('2025-04-01'), sort: 'created', direction: 'asc' })).toEqual(['v2', 'v3']);
    expect(ids({ from: day('2025-04-10'), to: day('2025-04-11') })).toEqual(['p1']);
  });

  it('takes dates as the contract sends them: ISO strings, a bare day as the end including that day', () => {
    expect(ids({ from: '2025-02-01', to: '2025-03-10', sort: 'created', direction: 'asc' })).toEqual(['v2', 'v3']);
    expect(ids({ from: '2025-02-10T10:00:00Z', to: '2025-03-10T10:00:00Z' })).toEqual(['v2']);
    expect(library.searchPosts({ from: 'last tuesday' })).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/ISO 8601.*at from/s) } });
  });

  it('filters on the date added when asked', () => {
    expect(ids({ dateField: 'added', from: day('2026-01-01') + 3 * 60_000 })).toEqual(['t1', 'p1']);
  });

  it('combines filters with the text query', () => {
    expect(ids({ query: 'alice', site: 'video.example' })).toEqual(['v1']);
    expect(ids({ query: 'harbour', mediaType: 'video' })).toEqual(['v1']);
  });
});

describe('the contract', () => {
  it('search rows and post details map to the contract\'s library shapes', () => {
    const page = library.searchPosts({ query: 'harbour', sort: 'title', direction: 'asc' });
    if (!page.ok) throw new Error(page.error.message);
    const items = page.value.rows.map(toLibraryItem);
    for (const item of items) expect(libraryItemSchema.parse(item)).toEqual(item);
    expect(items[1]).toMatchObject({ caption: 'Sunset over the harbour', authorName: 'Alice Liddell', createdAt: '2025-01-10T10:00:00.000Z' });
    expect(items[0]?.createdAt).toBeUndefined(); // absent, not null, as the contract wants

    const detail = library.getPost(1);
    if (!detail.ok || !detail.value) throw new Error('post 1 missing');
    const mapped = toLibraryDetail(detail.value, (path) => path === '/dl/1');
    expect(libraryDetailSchema.parse(mapped)).toEqual(mapped);
    expect(mapped.files.map((file) => [file.path, file.exists])).toEqual([['/dl/1', true], ['/dl/1.en.srt', false]]);
    expect(mapped.subtitles).toEqual([{ languageTag: 'en', languageName: undefined, format: 'srt', path: '/dl/1.en.srt' }]);
  });
});

describe('sorting and paging', () => {
  it('sorts by added, created, title and size, both ways', () => {
    expect(ids({ sort: 'added', direction: 'desc' })).toEqual(['t1', 'p1', 'v3', 'v2', 'v1']);
    expect(ids({ sort: 'created', direction: 'desc' })).toEqual(['p1', 'v3', 'v2', 'v1', 't1']);
    expect(ids({ sort: 'title', direction: 'asc' })).toEqual(['v2', 't1', 'p1', 'v1', 'v3']);
    expect(ids({ sort: 'size', direction: 'desc' })).toEqual(['v2', 'v1', 't1', 'p1', 'v3']);
  });

  it('pages by offset with the total of the whole query', () => {
    const first = library.searchPosts({ sort: 'added', direction: 'asc', limit: 2 });
    const third = library.searchPosts({ sort: 'added', direction: 'asc', limit: 2, offset: 4 });
    expect(first.ok && first.value.total).toBe(5);
    expect(first.ok && first.value.rows.map((r) => r.platformId)).toEqual(['v1', 'v2']);
    expect(third.ok && third.value).toMatchObject({ total: 5, nextCursor: null, rows: [{ platformId: 't1' }] });
  });

  it('pages by keyset cursor through every sort without gaps or repeats', () => {
    for (const sort of ['added', 'created', 'title', 'size'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const all = ids({ sort, direction });
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = library.searchPosts({ sort, direction, limit: 2, ...(cursor ? { cursor } : {}) });
          if (!page.ok) throw new Error(page.error.message);
          seen.push(...page.value.rows.map((row) => row.platformId ?? '?'));
          cursor = page.value.nextCursor ?? undefined;
        } while (cursor);
        expect(seen, `${sort} ${direction}`).toEqual(all);
      }
    }
  });

  it('refuses a damaged cursor, one from another sort, and bad input, as data', () => {
    const page = library.searchPosts({ sort: 'title', limit: 1 });
    const cursor = page.ok ? page.value.nextCursor : null;
    expect(cursor).not.toBeNull();
    expect(library.searchPosts({ sort: 'size', cursor: cursor ?? '' })).toMatchObject({ ok: false, error: { code: 'invalid_cursor' } });
    expect(library.searchPosts({ cursor: 'not-a-cursor' })).toMatchObject({ ok: false, error: { code: 'invalid_cursor' } });
    expect(library.searchPosts({ limit: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(library.searchPosts({ offset: 1, cursor: cursor ?? '' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(library.searchPosts({ query: 'x', unknown: 1 } as unknown as SearchPostsInput)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(library.searchPosts({ sort: 'random' } as unknown as SearchPostsInput)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
