import { useTranslation } from 'react-i18next';
import { parseLink } from '../../../shared/links';
import { quote } from '../../../shared/price-quote';
import { PriceHint } from '../balance/price-hint';
import { usePrices } from '../balance/use-prices';

/** What listing the subtitles of the typed link costs on its site: "≈ 2 credits", or not known yet. */
export function ListingPrice({ text }: { text: string }) {
  const { t } = useTranslation();
  const prices = usePrices();
  const link = parseLink(text);
  if (!link.ok) return null;
  return (
    <p className="small muted" data-testid="listing-price">
      {t('prices.listing')} <PriceHint quote={quote(prices, 'subtitles', link.value)} />
    </p>
  );
}
