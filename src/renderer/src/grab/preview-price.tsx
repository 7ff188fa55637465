import { useTranslation } from 'react-i18next';
import type { LearnedPrice } from '../../../shared/credits';
import { quote } from '../../../shared/price-quote';
import type { PriceQuote } from '../../../shared/price-quote';
import { PriceHint } from '../balance/price-hint';
import { usePrices } from '../balance/use-prices';
import { firstLinks } from './parse-links';

/**
 * Previewing every link in the box, at the learned price of a post on each link's site: the
 * kind of link (a post, or a profile whose page costs more) is known only from the answer, so
 * the post price is the one quoted, and the tooltip says so. Unknown as soon as one is.
 */
function previewQuote(prices: readonly LearnedPrice[], links: readonly string[]): PriceQuote {
  let credits = 0;
  for (const link of links) {
    const one = quote(prices, 'post', link);
    if (!one.known) return one;
    credits += one.credits;
  }
  return { known: true, credits: Math.round(credits * 10) / 10 };
}

/** "Previewing it: ≈ 1 credit" under the box, before the user presses Preview; nothing while it holds no link. */
export function PreviewPrice({ text }: { text: string }) {
  const { t } = useTranslation();
  const prices = usePrices();
  // Only the first batch is previewed at once: the rest stays in the box for the next Preview.
  const { links } = firstLinks(text);
  if (links.length === 0) return null;
  return (
    <p className="small muted" data-testid="preview-price" title={t('grab.previewPriceHow')}>
      {t('grab.previewPrice', { count: links.length })} <PriceHint quote={previewQuote(prices, links)} />
    </p>
  );
}
