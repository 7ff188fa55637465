import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryStore } from '../../../src/core/library/library-store';
import { createLibraryStore } from '../../../src/core/library/library-store';
import { siteNames } from '../../../src/core/library/search/search-filters';
import type { Post } from '../../../src/shared/post';
import type { TempLibrary } from './temp-library';
import { tempLibrary } from './temp-library';

/*
 * The service names a platform ("music"); users type its domain ("music.example") or another
 * case ("Video"). The site filter finds the posts either way.
 */

let temp: TempLibrary;
let library: LibraryStore;

const post = (site: string, id: string): Post => ({ site, id, title: `A ${site} post`, medias: [], post_url: `https://${site}.example/${id}` });

beforeAll(() => {
  temp = tempLibrary();
  library = createLibraryStore(temp.db, { now: () => 1 });
  const written = library.upsertPosts([post('music', 'm1'), post('video', 'v1'), post('photos.example', 'p1')].map((entry) => ({ post: entry })));
  if (!written.ok) throw new Error(written.error.message);
});
afterAll(() => temp.cleanup());

const ids = (site: string): string[] => {
  const page = library.searchPosts({ site });
  if (!page.ok) throw new Error(page.error.message);
  return page.value.rows.map((row) => row.platformId ?? '?');
};

describe('the site filter', () => {
  it('finds a platform by its name, its domain, or either in another case', () => {
    for (const typed of ['music', 'music.example', 'Music', 'www.MUSIC.example']) expect(ids(typed)).toEqual(['m1']);
    expect(ids('Video')).toEqual(['v1']);
    expect(ids('photos.example')).toEqual(['p1']);
    expect(ids('sound')).toEqual([]);
  });

  it('asks for a short list of exact names, so the site index still answers', () => {
    expect(siteNames('www.Music.example')).toEqual(['www.Music.example', 'www.music.example', 'Music', 'music']);
    expect(siteNames('video')).toEqual(['video']);
  });
});
