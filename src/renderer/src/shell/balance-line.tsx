import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/format';
import { useBalance } from './balance-context';
import { BalanceChecked } from './balance-checked';

/**
 * "Your balance: 3 credits · Checked 10:42": the engine's one balance, for messages that
 * speak of credits (a 402 on a card), so they never contradict the header.
 */
export function BalanceLine() {
  const { balance } = useBalance();
  const { t, i18n } = useTranslation();
  if (!balance) return null;
  return (
    <p className="small" data-testid="balance-line">
      {t('balance.yours', { value: formatNumber(balance.availableCredits, i18n.language) })} · <BalanceChecked balance={balance} />
    </p>
  );
}
