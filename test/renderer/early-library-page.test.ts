import { describe, expect, it } from 'vitest';
import type { CommandInput } from '../../src/shared/contract';
import type { LibraryItem } from '../../src/shared/library';
import { requestEarlyLibraryPage } from '../../src/renderer/src/library/early-library-page';
import { LibraryPages } from '../../src/renderer/src/library/library-pages';
import { DEFAULT_FILTERS, queryKey } from '../../src/renderer/src/library/library-query';

const item = (id: number): LibraryItem => ({ id, caption: `Post ${id}`, addedAt: id, mediaTypes: ['video'], totalSize: 0, hasSubtitles: false });

/** The engine's library.search, recording what was asked. */
function engine(total: number) {
  const asked: Array<CommandInput<'library.search'>> = [];
  const api = {
    'library.search': async (input: CommandInput<'library.search'>) => {
      asked.push(input);
      const offset = input.offset ?? 0;
      const limit = input.limit ?? 100;
      return { ok: true as const, value: { items: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_unused, index) => item(offset + index + 1)), total } };
    },
  };
  return { api, asked };
}

describe('the early first page of the library', () => {
  it('is asked for at start only when the app opens on the library list', () => {
    for (const hash of ['', '#/grab', '#/queue', '#/library/12', '#/library/12/play']) {
      const { api, asked } = engine(10);
      expect(requestEarlyLibraryPage(api, hash), hash).toBeUndefined();
      expect(asked, hash).toEqual([]);
    }
    const { api, asked } = engine(10);
    expect(requestEarlyLibraryPage(api, '#/library')).toBeDefined();
    expect(asked).toEqual([{ sort: 'added', direction: 'desc', offset: 0, limit: 100 }]);
  });

  it('is taken once, by the unfiltered query, with its answer once it has arrived', async () => {
    const { api } = engine(250);
    const early = requestEarlyLibraryPage(api, '#/library');
    expect(early?.take(queryKey({ ...DEFAULT_FILTERS, text: 'cats' }))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const taken = early?.take(queryKey(DEFAULT_FILTERS));
    expect(taken?.arrived?.total).toBe(250);
    expect((await taken?.answer)?.ok).toBe(true);
    expect(early?.take(queryKey(DEFAULT_FILTERS))).toBeUndefined();
  });

  it('prefills a set of pages so it renders at once and never asks for page 0 again', async () => {
    const { api, asked } = engine(250);
    const early = requestEarlyLibraryPage(api, '#/library');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const arrived = early?.take(queryKey(DEFAULT_FILTERS))?.arrived;
    let changes = 0;
    const pages = new LibraryPages((offset, limit) => api['library.search']({ offset, limit }), () => (changes += 1));
    if (arrived) pages.prefill(arrived);
    expect(pages.total).toBe(250);
    expect(pages.item(99)?.id).toBe(100);
    pages.want(0, 150);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked.map((input) => input.offset)).toEqual([0, 100]);
    expect(pages.item(150)?.id).toBe(151);
    expect(changes).toBe(1);
  });
});
