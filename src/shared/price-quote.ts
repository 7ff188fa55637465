import type { LearnedPrice } from './credits';

export type ChargedOperation = LearnedPrice['operation'];

/** What an action will cost, from learned prices: a number only when every price in it is known. */
export type PriceQuote = { known: true; credits: number } | { known: false };

/** The site a link's price belongs to: its host without "www." (as the engine learns it). */
export function siteOf(link: string): string | undefined {
  try {
    return new URL(link).hostname.toLowerCase().replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `count` calls of an operation on a link's site. Learned prices can change, so a known one
 * is still shown as "≈"; an unknown one is said to be unknown, never guessed.
 */
export function quote(prices: readonly LearnedPrice[], operation: ChargedOperation, link: string, count = 1): PriceQuote {
  const site = siteOf(link);
  const price = prices.find((known) => known.operation === operation && known.site === site);
  return price ? { known: true, credits: Math.round(price.credits * count * 10) / 10 } : { known: false };
}

/** The pages still to load for `remaining` posts, at the size the first page had. */
export function pagesFor(remaining: number, pageSize: number): number {
  return remaining <= 0 ? 0 : Math.ceil(remaining / Math.max(1, pageSize));
}
