import { afterEach, describe, expect, it } from 'vitest';
import type { LearnedPrice } from '../../../src/shared/credits';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Prices are set the way a test in another process would: through the sandbox's admin API. */
async function setPrice(url: string, endpoint: 'post' | 'playlist' | 'subtitles', site: string, credits: number): Promise<void> {
  const res = await fetch(`${url}/_sandbox/prices`, { method: 'POST', body: JSON.stringify({ endpoint, site, credits }) });
  expect(res.status).toBe(200);
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
}

const priceOf = (prices: LearnedPrice[], operation: string, site: string) =>
  prices.find((price) => price.operation === operation && price.site === site);

describe('learned prices, against the sandbox', () => {
  it('learns exact prices from lone calls and from 8 concurrent calls, bounds what it cannot split, and never causes a 429', async () => {
    harness = await startHarness({ sandbox: { credits: 10_000 } });
    const { core, sandbox } = harness;
    await setPrice(sandbox.url, 'post', 'video.example', 3);
    await setPrice(sandbox.url, 'playlist', 'video.example', 7);
    await setPrice(sandbox.url, 'post', 'photos.example', 2);
    await setPrice(sandbox.url, 'subtitles', 'video.example', 4);
    await setPrice(sandbox.url, 'post', 'ai.example', 6);
    const prices = async () => value(await core.call('credits.prices', {})).prices;
    const ledger = async () => value(await core.call('credits.ledger', { days: 1 })).entries;
    const allPriced = async () => (await ledger()).every((entry) => entry.cost !== undefined);

    // Nothing is known before the first call: unknown is an empty table, never a guess.
    expect(await prices()).toEqual([]);

    // Lone calls: exact, the engine's very first one too (it waits for one free balance read).
    value(await core.call('grab.resolve', { url: 'https://video.example/watch/lone' }));
    await waitFor(allPriced);
    value(await core.call('grab.resolve', { url: 'https://video.example/@lone-30' }));
    await waitFor(allPriced);
    expect(priceOf(await prices(), 'post', 'video.example')).toMatchObject({ credits: 3, low: 3, high: 3, exact: true, samples: 1 });
    expect(priceOf(await prices(), 'playlist', 'video.example')).toMatchObject({ credits: 7, exact: true });
    const lone = await ledger();
    expect(lone.map((entry) => [entry.cost, entry.balanceAfter])).toEqual([
      [3, 10_000 - 3],
      [7, 10_000 - 10],
    ]);

    // 8 concurrent calls of one operation on one site: the drop splits exactly.
    await Promise.all(Array.from({ length: 8 }, (_, index) => core.call('grab.resolve', { url: `https://ai.example/s/eight-${index}` })));
    await waitFor(allPriced);
    expect(priceOf(await prices(), 'post', 'ai.example')).toMatchObject({ credits: 6, exact: true });

    // 8 concurrent calls, one known price and one not: solved together, exactly.
    await Promise.all([
      ...Array.from({ length: 4 }, (_, index) => core.call('grab.resolve', { url: `https://video.example/watch/mixed-${index}` })),
      ...Array.from({ length: 4 }, (_, index) => core.call('grab.resolve', { url: `https://photos.example/p/mixed-${index}` })),
    ]);
    await waitFor(allPriced);
    expect(priceOf(await prices(), 'post', 'photos.example')).toMatchObject({ credits: 2, exact: true });
    expect(priceOf(await prices(), 'post', 'video.example')).toMatchObject({ credits: 3, exact: true, samples: 2 });

    // 8 concurrent calls with two unknown prices: approximate, and the stated bound holds the truth.
    await Promise.all([
      ...Array.from({ length: 4 }, (_, index) => core.call('subtitles.list', { url: `https://video.example/watch/subs-${index}` })),
      ...Array.from({ length: 4 }, (_, index) => core.call('grab.resolve', { url: `https://music.example/t/two-${index}` })),
    ]);
    await waitFor(allPriced);
    const subtitles = priceOf(await prices(), 'subtitles', 'video.example');
    const music = (await prices()).find((price) => price.site === 'music.example');
    expect(subtitles?.exact).toBe(false);
    expect(music?.exact).toBe(false);
    expect(subtitles?.low).toBeLessThanOrEqual(4);
    expect(subtitles?.high).toBeGreaterThanOrEqual(4);
    expect(music?.low).toBeLessThanOrEqual(1);
    expect(music?.high).toBeGreaterThanOrEqual(1);
    // The bound: the drop (4 × 4 + 4 × 1 = 20) shared among 4 calls of each kind.
    expect(subtitles?.high).toBe(5);
    const rows = await ledger();
    // Only the last call of a window has a true "balance after"; approximate rows say so by their range.
    expect(rows.filter((entry) => entry.balanceAfter !== undefined)).toHaveLength(5);
    expect(rows.at(-1)?.balanceAfter).toBe(sandbox.getBalance(sandbox.keys[0] as string));

    // A burst past the 20-per-second budget: every balance query waits its turn in the key's limiter.
    await Promise.all(Array.from({ length: 30 }, (_, index) => core.call('grab.resolve', { url: `https://ai.example/s/burst-${index}` })));
    await waitFor(allPriced);
    expect(priceOf(await prices(), 'post', 'ai.example')).toMatchObject({ credits: 6, exact: true });
    expect(sandbox.stats().byEndpoint['v1 GET /credits']).toBeGreaterThan(0);
    expect(sandbox.stats().rateLimited).toBe(0);

    // Credits spent elsewhere with the same key during a window: the row stays unknown, the price stands.
    const key = sandbox.keys[0] as string;
    const seen = async () => value(await core.call('credits.get', {})).availableCredits === sandbox.getBalance(key);
    value(await core.call('grab.resolve', { url: 'https://video.example/watch/elsewhere' }));
    sandbox.setBalance(key, sandbox.getBalance(key) - 10);
    await waitFor(seen);
    expect((await ledger()).at(-1)).toMatchObject({ url: 'https://video.example/watch/elsewhere', costKind: 'unknown' });
    expect(priceOf(await prices(), 'post', 'video.example')).toMatchObject({ credits: 3, exact: true });

    // A price that really changed is believed once two windows agree.
    await setPrice(sandbox.url, 'post', 'video.example', 8);
    value(await core.call('grab.resolve', { url: 'https://video.example/watch/dearer-1' }));
    await waitFor(seen);
    expect((await ledger()).at(-1)?.costKind).toBe('unknown');
    value(await core.call('grab.resolve', { url: 'https://video.example/watch/dearer-2' }));
    await waitFor(seen);
    expect((await ledger()).at(-1)).toMatchObject({ costKind: 'exact', cost: 8 });
    expect(priceOf(await prices(), 'post', 'video.example')).toMatchObject({ credits: 8, exact: true, samples: 1 });
  });
});
