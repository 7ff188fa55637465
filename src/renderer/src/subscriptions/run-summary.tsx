import { useTranslation } from 'react-i18next';
import type { SubscriptionRun } from '../../../shared/subscriptions';
import { formatNumber } from '../format/format';

/** What a run did, "3 new posts · 5 credits", and why it stopped when it stopped early. */
export function RunSummary({ run }: { run: SubscriptionRun }) {
  const { t, i18n } = useTranslation();
  const found = t('subscriptions.found', { count: run.found });
  const cost = t('subscriptions.cost', { credits: formatNumber(Math.round(run.cost * 100) / 100, i18n.language) });
  return (
    <span data-testid="run-summary">
      {found} · {cost}
      {run.outcome !== 'done' && (
        <span className={`badge ${run.outcome === 'failed' ? 'badge-danger' : 'badge-warning'} run-outcome`} title={run.message}>
          {t(`subscriptions.outcome.${run.outcome}`)}
        </span>
      )}
    </span>
  );
}
