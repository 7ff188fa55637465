import { describe, expect, it } from 'vitest';
import { attributeDrop } from '../../../src/core/credits/charge-attribution';
import type { PriceRange, WindowCall } from '../../../src/core/credits/charge-attribution';
import type { PriceKey } from '../../../src/core/credits/charged-operation';

const post = { operation: 'post', site: 'video.example' } as const;
const subs = { operation: 'subtitles', site: 'video.example' } as const;
const page = { operation: 'playlist', site: 'video.example' } as const;
const calls = (...keys: PriceKey[]): WindowCall[] => keys.map((key, index) => ({ id: index + 1, key }));
const nothingKnown = (): undefined => undefined;
const knowing =
  (prices: Array<[PriceKey, PriceRange]>) =>
  (key: PriceKey): PriceRange | undefined =>
    prices.find(([known]) => known.operation === key.operation && known.site === key.site)?.[1];
const exact = (credits: number): PriceRange => ({ credits, low: credits, high: credits });

describe('attributeDrop', () => {
  it('gives a lone call its exact price, and the balance drop to same-priced calls evenly', () => {
    expect(attributeDrop(3, calls(post), nothingKnown)).toEqual({ costs: [{ id: 1, ...exact(3) }], prices: [{ key: post, ...exact(3) }], refitted: false });
    expect(attributeDrop(24, calls(post, post, post, post, post, post, post, post), nothingKnown)?.prices).toEqual([{ key: post, ...exact(3) }]);
  });

  it('solves the one unknown price left once the others are known', () => {
    const attribution = attributeDrop(4 * 3 + 4 * 7, calls(post, subs, post, subs, post, subs, post, subs), knowing([[post, exact(3)]]));
    expect(attribution?.prices).toEqual([
      { key: post, ...exact(3) },
      { key: subs, ...exact(7) },
    ]);
    expect(attribution?.costs.filter((cost) => cost.low !== cost.high)).toEqual([]);
  });

  it('marks two unknown prices approximate, within bounds that hold the true prices', () => {
    // 4 posts at 3 and 4 subtitle listings at 7: 40 credits, split unknown.
    const attribution = attributeDrop(40, calls(post, subs, post, subs, post, subs, post, subs), nothingKnown);
    expect(attribution?.prices).toEqual([
      { key: post, credits: 5, low: 0, high: 10 },
      { key: subs, credits: 5, low: 0, high: 10 },
    ]);
    // Earlier bounds narrow the new ones: subtitles were seen to cost at least 6.
    const narrowed = attributeDrop(40, calls(post, subs, post, subs, post, subs, post, subs), knowing([[subs, { credits: 8, low: 6, high: 10 }]]));
    expect(narrowed?.prices).toEqual([
      { key: post, credits: 4, low: 0, high: 4 },
      { key: subs, credits: 6, low: 6, high: 10 },
    ]);
  });

  it('solves again when a known price no longer fits, and says so', () => {
    expect(attributeDrop(5, calls(page), knowing([[page, exact(4)]]))).toMatchObject({ prices: [{ key: page, ...exact(5) }], refitted: true });
  });

  it('refuses a rise (a top-up) and a drop with no call to explain it', () => {
    expect(attributeDrop(-10, calls(post), nothingKnown)).toBeUndefined();
    expect(attributeDrop(2, [], nothingKnown)).toBeUndefined();
    expect(attributeDrop(0, [], nothingKnown)).toEqual({ costs: [], prices: [], refitted: false });
  });
});
