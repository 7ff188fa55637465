import { useTranslation } from 'react-i18next';
import type { Balance } from '../../../shared/contract';

/** The codes a failed credit query ends with that have their own words; any other is "the check failed". */
const STALE_REASONS = new Set(['network_error', 'timeout', 'unauthorized', 'too_many_requests', 'server_error']);

/**
 * When the balance was checked, in words every face shares: "Checked 10:42", or after a
 * failed check "As of 10:42 · couldn't reach the service", so an old number never looks current.
 */
export function useBalanceChecked(): (balance: Balance) => { text: string; stale: boolean } {
  const { t, i18n } = useTranslation();
  return (balance) => {
    const time = new Date(balance.checkedAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
    const failed = balance.refreshFailed;
    if (!failed) return { text: t('balance.checkedAt', { time }), stale: false };
    const reason = t(`balance.staleReason.${STALE_REASONS.has(failed.code) ? failed.code : 'other'}`);
    return { text: t('balance.asOf', { time, reason }), stale: true };
  };
}

/** The checked-at line under or beside a balance figure, marked when the number is old. */
export function BalanceChecked({ balance, className = '' }: { balance: Balance; className?: string }) {
  const checked = useBalanceChecked()(balance);
  return (
    <span className={`${className} ${checked.stale ? 'balance-stale' : ''}`.trim()} data-testid="balance-checked" data-stale={checked.stale}>
      {checked.text}
    </span>
  );
}
