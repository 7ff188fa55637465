import { useTranslation } from 'react-i18next';
import { Icon } from '../design/icon';
import { formatNumber } from '../format/format';
import { useBalance } from './balance-context';
import { useBalanceChecked } from './balance-checked';

/** The credit balance, always in the header; a link to the Balance screen, and a free refresh. */
export function BalanceBadge() {
  const { balance, error, load } = useBalance();
  const { t, i18n } = useTranslation();
  const checkedText = useBalanceChecked();
  const low = balance !== undefined && balance.availableCredits < 300;
  const checked = balance ? checkedText(balance) : undefined;
  // A number the engine could not confirm stays in sight, but says how old it is.
  const stale = checked?.stale === true;
  const title = error ? error.message : checked?.text;
  return (
    <div className="balance" aria-live="polite">
      <a className="balance-link" href="#/balance" title={title}>
        <span className="visually-hidden">{t('balance.label')}: </span>
        <span className={`badge ${error || stale ? 'badge-warning' : low ? 'badge-danger' : 'badge-accent'}`} data-testid="balance" data-stale={stale}>
          {balance && !error ? t('balance.credits', { value: formatNumber(balance.availableCredits, i18n.language) }) : t('balance.unknown')}
        </span>
        {stale && checked && (
          <span className="small balance-stale" data-testid="balance-header-stale">
            {checked.text}
          </span>
        )}
      </a>
      <button type="button" className="button button-icon button-small" aria-label={t('balance.refresh')} title={t('balance.refresh')} onClick={() => void load(true)}>
        <Icon name="retry" />
      </button>
    </div>
  );
}
