import { describe, expect, it } from 'vitest';
import { commands } from '../../src/shared/contract';
import { DEFAULT_FILTERS, activeFilterCount, defaultDirection, libraryQuery, queryKey } from '../../src/renderer/src/library/library-query';

describe('libraryQuery', () => {
  it('sends only what is set, in the shape the engine accepts', () => {
    expect(libraryQuery(DEFAULT_FILTERS, 0, 100)).toEqual({ sort: 'added', direction: 'desc', offset: 0, limit: 100 });
    const query = libraryQuery(
      { text: '  harbor ', site: 'video.example', mediaType: 'video', author: '@ana', from: '2024-01-01', to: '2024-12-31', hasSubtitles: 'no', sort: 'title', direction: 'asc' },
      200,
      100,
    );
    expect(query).toEqual({
      query: 'harbor',
      site: 'video.example',
      mediaType: 'video',
      author: 'ana',
      from: '2024-01-01',
      to: '2024-12-31',
      hasSubtitles: false,
      sort: 'title',
      direction: 'asc',
      offset: 200,
      limit: 100,
    });
    expect(commands['library.search'].input.safeParse(query).success).toBe(true);
  });

  it('counts the filters that narrow the results, and keys queries by what changes them', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, site: 'x', hasSubtitles: 'yes', text: 'ignored' })).toBe(2);
    expect(queryKey({ ...DEFAULT_FILTERS, text: 'a ' })).toBe(queryKey({ ...DEFAULT_FILTERS, text: ' a' }));
    expect(queryKey({ ...DEFAULT_FILTERS, sort: 'size' })).not.toBe(queryKey(DEFAULT_FILTERS));
    expect(defaultDirection('title')).toBe('asc');
    expect(defaultDirection('size')).toBe('desc');
  });
});
