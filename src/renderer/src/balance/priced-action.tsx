import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceQuote } from '../../../shared/price-quote';
import { formatNumber } from '../format/format';
import { useSettings } from '../shell/settings-context';
import { PriceHint } from './price-hint';

interface PricedActionProps {
  quote: PriceQuote;
  /** How many pages the price is for, when it is for several ("≈ 15 pages, ≈ 75 credits"). */
  pages?: number;
  /** The action's own button, given the click that goes through the threshold. */
  children: (run: () => void) => ReactNode;
  onRun: () => void;
}

/**
 * A charged action with its price beside it. Above the Settings threshold it asks first,
 * inline; an unknown price never asks (there is nothing true to ask about) but says so.
 */
export function PricedAction({ quote, pages, children, onRun }: PricedActionProps) {
  const { t, i18n } = useTranslation();
  const { confirmAboveCredits } = useSettings();
  const [asking, setAsking] = useState(false);
  const credits = quote.known ? t('prices.credits', { count: quote.credits, value: formatNumber(quote.credits, i18n.language) }) : '';
  const run = () => {
    if (quote.known && quote.credits > confirmAboveCredits) setAsking(true);
    else onRun();
  };
  if (asking) {
    const question = t('prices.ask', { credits, limit: formatNumber(confirmAboveCredits, i18n.language) });
    return (
      <div className="notice confirm-charge" role="alertdialog" aria-label={question} data-testid="confirm-charge">
        <span>{question}</span>
        <div className="row wrap">
          <button
            type="button"
            className="button button-primary button-small"
            onClick={() => {
              setAsking(false);
              onRun();
            }}
          >
            {t('prices.go', { credits })}
          </button>
          <button type="button" className="button button-small" onClick={() => setAsking(false)}>
            {t('prices.cancel')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="row wrap">
      {children(run)}
      <PriceHint quote={quote} {...(pages === undefined ? {} : { pages })} />
    </div>
  );
}
