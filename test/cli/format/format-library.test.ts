import { describe, expect, it } from 'vitest';
import { libraryListLines } from '../../../src/cli/format/format-library';

describe('library list lines', () => {
  it('says the library is empty only when it is', () => {
    expect(libraryListLines([], 0, 0)).toEqual(['The library is empty.']);
  });

  it('says that nothing matched a search, not that the library is empty', () => {
    expect(libraryListLines([], 0, 0, '日本語 ünï')).toEqual(['No post matches "日本語 ünï".']);
  });

  it('says a page past the end is empty', () => {
    expect(libraryListLines([], 12, 50)).toEqual(['Nothing here: the library has 12 posts.']);
  });
});
