import { useTranslation } from 'react-i18next';
import { Icon } from '../design/icon';
import { formatNumber } from '../format/format';
import { useBalance } from './balance-context';

/** The credit balance, always in the header; a link to the Balance screen, and a free refresh. */
export function BalanceBadge() {
  const { balance, error, load } = useBalance();
  const { t, i18n } = useTranslation();
  const low = balance !== undefined && balance.availableCredits < 300;
  const title = error ? error.message : balance ? t('balance.checkedAt', { time: new Date(balance.checkedAt).toLocaleTimeString(i18n.language) }) : undefined;
  return (
    <div className="balance" aria-live="polite">
      <a className="balance-link" href="#/balance" title={title}>
        <span className="visually-hidden">{t('balance.label')}: </span>
        <span className={`badge ${error ? 'badge-warning' : low ? 'badge-danger' : 'badge-accent'}`} data-testid="balance">
          {balance && !error ? t('balance.credits', { value: formatNumber(balance.availableCredits, i18n.language) }) : t('balance.unknown')}
        </span>
      </a>
      <button type="button" className="button button-icon button-small" aria-label={t('balance.refresh')} title={t('balance.refresh')} onClick={() => void load(true)}>
        <Icon name="retry" />
      </button>
    </div>
  );
}
