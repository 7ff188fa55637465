import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Balance } from '../../../shared/contract';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { Icon } from '../design/icon';
import { formatNumber } from '../format/format';
import { useContractEvent } from './use-contract-event';

/** The credit balance, always in the header: the free credit query at start, then `credits.changed`. */
export function BalanceBadge() {
  const { api } = useClient();
  const { t, i18n } = useTranslation();
  const [balance, setBalance] = useState<Balance | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);

  const load = useCallback(
    async (refresh: boolean) => {
      const result = await api['credits.get']({ refresh });
      if (result.ok) {
        setBalance(result.value);
        setError(undefined);
      } else {
        setError(result.error);
      }
    },
    [api],
  );
  useEffect(() => {
    void load(false);
  }, [load]);
  useContractEvent('credits.changed', (next) => {
    setBalance(next);
    setError(undefined);
  });
  useContractEvent('key.changed', () => void load(true));

  const low = balance !== undefined && balance.availableCredits < 300;
  const title = error ? error.message : balance ? t('balance.checkedAt', { time: new Date(balance.checkedAt).toLocaleTimeString(i18n.language) }) : undefined;
  return (
    <div className="balance" aria-live="polite">
      <span className="visually-hidden">{t('balance.label')}: </span>
      <span className={`badge ${error ? 'badge-warning' : low ? 'badge-danger' : 'badge-accent'}`} title={title} data-testid="balance">
        {balance && !error ? t('balance.credits', { value: formatNumber(balance.availableCredits, i18n.language) }) : t('balance.unknown')}
      </span>
      <button type="button" className="button button-icon button-small" aria-label={t('balance.refresh')} title={t('balance.refresh')} onClick={() => void load(true)}>
        <Icon name="retry" />
      </button>
    </div>
  );
}
