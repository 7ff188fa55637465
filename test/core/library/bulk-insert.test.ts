import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryStore } from '../../../src/core/library/library-store';
import { createLibraryStore } from '../../../src/core/library/library-store';
import type { PostRecordInput } from '../../../src/core/library/library-types';
import type { MediaType } from '../../../src/shared/post';
import type { TempLibrary } from './temp-library';
import { checkSearchIndex, stepClock, tempLibrary } from './temp-library';

const COUNT = 100_000;

const input = (n: number): PostRecordInput => ({
  post: {
    site: n % 2 === 0 ? 'video.example' : 'photos.example',
    id: `bulk-${n}`,
    title: `Bulk post number ${n}`,
    text: n === 77_777 ? 'the needle in the haystack' : `filler text ${n % 100}`,
    medias: [{ media_type: n % 2 === 0 ? 'video' : 'image', resource_url: `https://media.example/${n}` }],
    author: { username: `author${n % 50}` },
    created_at: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
    post_url: `https://video.example/watch/bulk-${n}`,
  },
});

let temp: TempLibrary;
let library: LibraryStore;
let indexesBefore: unknown[];
/** Every index of the schema as SQLite stores it: a bulk write drops some and must leave them all as they were. */
const indexes = (): unknown[] => temp.db.prepare("SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'index' ORDER BY name").all();
beforeAll(() => {
  temp = tempLibrary();
  library = createLibraryStore(temp.db, { now: stepClock() });
  indexesBefore = indexes();
});
afterAll(() => temp.cleanup());

describe('bulk insert', () => {
  it(`writes ${COUNT.toLocaleString('en-US')} posts in one transaction, all searchable and deduplicable`, () => {
    const written = library.upsertPosts(Array.from({ length: COUNT }, (_, n) => input(n)));
    expect(written.ok && written.value.filter((outcome) => outcome.created)).toHaveLength(COUNT);
    const count = (table: string) => temp.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    expect([count('posts'), count('media_items'), count('post_links')]).toEqual([COUNT, COUNT, COUNT]);

    const needle = library.searchPosts({ query: 'needle haystack' });
    expect(needle.ok && needle.value.rows.map((row) => row.platformId)).toEqual(['bulk-77777']);
    const images = library.searchPosts({ mediaType: 'image', author: 'author1', limit: 1 });
    expect(images.ok && images.value.total).toBe(COUNT / 50);
    expect(library.findExisting({ postUrl: 'https://video.example/watch/bulk-99999/' })).toMatchObject({ ok: true, value: { post: { platformId: 'bulk-99999' } } });
    expect(temp.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(() => checkSearchIndex(temp.db)).not.toThrow();
    expect(indexes()).toEqual(indexesBefore);
  });

  it('a bulk batch that fails writes nothing and keeps every index', () => {
    const batch = Array.from({ length: 30_000 }, (_, n) => input(COUNT + n));
    const broken = batch.at(-1)?.post.medias[0];
    if (broken) broken.media_type = 'hologram' as MediaType; // refused by the media_items CHECK at the end of the batch
    const written = library.upsertPosts(batch);
    expect(written.ok).toBe(false);
    expect(temp.db.prepare('SELECT count(*) FROM posts').pluck().get()).toBe(COUNT);
    expect(indexes()).toEqual(indexesBefore);
    // the sort indexes still answer pages (a page by title walks posts_by_title)
    const plan = temp.db.prepare('EXPLAIN QUERY PLAN SELECT id FROM posts ORDER BY caption COLLATE NOCASE, id LIMIT 5').all();
    expect(JSON.stringify(plan)).toContain('posts_by_title');
  });

  it('a second pass over the same posts merges, creating nothing', () => {
    const again = library.upsertPosts(Array.from({ length: 1000 }, (_, n) => input(n * 100)));
    expect(again.ok && again.value.some((outcome) => outcome.created)).toBe(false);
    expect(temp.db.prepare('SELECT count(*) FROM posts').pluck().get()).toBe(COUNT);
    expect(() => checkSearchIndex(temp.db)).not.toThrow();
  });
});
