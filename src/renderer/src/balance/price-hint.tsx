import { useTranslation } from 'react-i18next';
import type { PriceQuote } from '../../../shared/price-quote';
import { formatNumber } from '../format/format';

/** "≈ 5 credits" (or "≈ 15 pages, ≈ 75 credits") before a charged action, or plainly that the price is not known yet. */
export function PriceHint({ quote, pages }: { quote: PriceQuote; pages?: number }) {
  const { t, i18n } = useTranslation();
  const credits = quote.known ? t('prices.credits', { count: quote.credits, value: formatNumber(quote.credits, i18n.language) }) : t('prices.unknown');
  return (
    <span className="small muted price-hint" data-testid="price-hint" title={t('prices.how')}>
      {pages !== undefined ? `${t('prices.pages', { count: pages, value: formatNumber(pages, i18n.language) })}, ${credits}` : credits}
    </span>
  );
}
