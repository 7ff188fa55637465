import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryStore } from '../../../src/core/library/library-store';
import { createLibraryStore } from '../../../src/core/library/library-store';
import { videoPost } from './post-fixtures';
import type { TempLibrary } from './temp-library';
import { stepClock, tempLibrary } from './temp-library';
import { unwrap } from './unwrap';

let temp: TempLibrary;
let library: LibraryStore;

beforeAll(() => {
  temp = tempLibrary();
  library = createLibraryStore(temp.db, { now: stepClock() });
  unwrap(
    library.upsertPosts([
      { post: videoPost('fw', { title: 'ＮＨＫ特集　東京の夜', text: undefined }) },
      { post: videoPost('accent', { title: '東京CAFÉ めぐり', text: undefined }) },
      { post: videoPost('cyr', { title: 'Москва東京 フライト', text: undefined }) },
      { post: videoPost('hw', { title: 'ｺﾝﾋﾟｭｰﾀ入門', text: undefined }) },
    ]),
  );
});
afterAll(() => temp.cleanup());

const found = (query: string): string[] => unwrap(library.searchPosts({ query })).rows.map((row) => row.platformId ?? '?');

describe('CJK terms (substring matching) fold width and case like the word index does', () => {
  it('finds a title typed exactly as it is stored', () => {
    expect(found('ＮＨＫ特集')).toEqual(['fw']);
    expect(found('東京CAFÉ')).toEqual(['accent']);
    expect(found('Москва東京')).toEqual(['cyr']);
    expect(found('ｺﾝﾋﾟｭｰﾀ入門')).toEqual(['hw']);
  });

  it('ignores width, case and accents', () => {
    expect(found('NHK特集')).toEqual(['fw']);
    expect(found('nhk特集')).toEqual(['fw']);
    expect(found('東京cafe')).toEqual(['accent']);
    expect(found('москва東京')).toEqual(['cyr']);
    expect(found('コンピュータ入門')).toEqual(['hw']);
  });
});
