import type { GrabResult } from '../../shared/contract';
import type { LearnedPrice } from '../../shared/credits';
import { pagesFor, quote } from '../../shared/price-quote';
import type { PriceQuote } from '../../shared/price-quote';

/** "≈ 5 credits", or plainly that the price is not known yet (never a guess). */
export const quoteText = (priced: PriceQuote): string =>
  priced.known ? `≈ ${priced.credits} ${priced.credits === 1 ? 'credit' : 'credits'}` : 'price not known yet';

/** What going on with a profile would cost: its next page, and the rest of it when its size is known. */
export function priceLines(result: GrabResult, link: string, prices: readonly LearnedPrice[]): string[] {
  if (result.kind !== 'playlist' || !result.page.has_more) return [];
  const lines = [`Next page: ${quoteText(quote(prices, 'playlist', link))}`];
  const total = result.page.profile?.post_count;
  const loaded = result.page.posts.length;
  if (total !== undefined && total > loaded) {
    const pages = pagesFor(total - loaded, loaded);
    lines.push(`The other ${total - loaded} posts: ≈ ${pages} ${pages === 1 ? 'page' : 'pages'}, ${quoteText(quote(prices, 'playlist', link, pages))}`);
  }
  return lines;
}
