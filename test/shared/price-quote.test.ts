import { describe, expect, it } from 'vitest';
import { priceLines, quoteText } from '../../src/cli/format/format-prices';
import type { LearnedPrice } from '../../src/shared/credits';
import { pagesFor, quote } from '../../src/shared/price-quote';

const learned = (operation: LearnedPrice['operation'], site: string, credits: number, exact = true): LearnedPrice => ({
  operation,
  site,
  credits,
  low: exact ? credits : 0,
  high: exact ? credits : credits * 2,
  exact,
  samples: 1,
  learnedAt: 0,
});
const prices = [learned('playlist', 'video.example', 5), learned('post', 'video.example', 1), learned('subtitles', 'music.example', 2.5, false)];

describe('prices before paying', () => {
  it('quotes learned prices per operation and site, and says unknown otherwise', () => {
    expect(quote(prices, 'post', 'https://www.VIDEO.example/watch/a')).toEqual({ known: true, credits: 1 });
    expect(quote(prices, 'playlist', 'https://video.example/@maker', 15)).toEqual({ known: true, credits: 75 });
    expect(quote(prices, 'subtitles', 'https://music.example/t/a')).toEqual({ known: true, credits: 2.5 });
    expect(quote(prices, 'post', 'https://photos.example/p/1')).toEqual({ known: false });
    expect(quote(prices, 'post', 'not a link')).toEqual({ known: false });
    expect([quoteText({ known: true, credits: 1 }), quoteText({ known: true, credits: 75 }), quoteText({ known: false })]).toEqual([
      '≈ 1 credit',
      '≈ 75 credits',
      'price not known yet',
    ]);
  });

  it('counts the pages left at the first page size', () => {
    expect([pagesFor(280, 20), pagesFor(281, 20), pagesFor(0, 20), pagesFor(5, 0)]).toEqual([14, 15, 0, 5]);
  });

  it('prices the next page and the rest of a profile in the CLI', () => {
    const page = {
      site: 'video.example',
      profile: { username: 'maker', post_count: 300 },
      posts: Array.from({ length: 20 }, (_, index) => ({ id: String(index), text: `post ${index}`, medias: [] })),
      has_more: true,
      next_cursor: 'c2',
    };
    const result = { kind: 'playlist', resolutionId: 'r', page, charged: true, inLibrary: {} } as const;
    expect(priceLines(result, 'https://video.example/@maker', prices)).toEqual(['Next page: ≈ 5 credits', 'The other 280 posts: ≈ 14 pages, ≈ 70 credits']);
    expect(priceLines(result, 'https://photos.example/@maker', prices)).toEqual(['Next page: price not known yet', 'The other 280 posts: ≈ 14 pages, price not known yet']);
  });
});
