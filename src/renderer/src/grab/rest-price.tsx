import { useTranslation } from 'react-i18next';
import type { LearnedPrice } from '../../../shared/credits';
import { pagesFor, quote } from '../../../shared/price-quote';
import { PriceHint } from '../balance/price-hint';

/** What loading the rest of a profile costs: "The other 280 posts: ≈ 14 pages, ≈ 70 credits". */
export function RestPrice({ remaining, pageSize, url, prices }: { remaining: number; pageSize: number; url: string; prices: readonly LearnedPrice[] }) {
  const { t } = useTranslation();
  const pages = pagesFor(remaining, pageSize);
  return (
    <p className="small muted" data-testid="rest-price">
      {t('prices.rest', { count: remaining })} <PriceHint quote={quote(prices, 'playlist', url, pages)} pages={pages} />
    </p>
  );
}
