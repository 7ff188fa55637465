import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../shared/jobs';
import { formatBytes, formatDuration, formatSpeed } from '../format/format';
import { summarizeQueue } from './queue-summary';

/** Overall speed, what is left and when it will be done, over every unfinished job. */
export function QueueSummaryBar({ jobs }: { jobs: readonly JobView[] }) {
  const { t, i18n } = useTranslation();
  const summary = summarizeQueue(jobs);
  if (summary.active === 0) return null;
  const locale = i18n.language;
  return (
    <div className="row wrap small queue-summary" role="status" data-testid="queue-summary">
      <span>{t('queue.summary.active', { count: summary.active })}</span>
      {/* Only what is known: nothing moving yet is no "0 B/s". */}
      {summary.speed > 0 && <span>{t('queue.summary.speed', { speed: formatSpeed(summary.speed, locale) })}</span>}
      {summary.remainingBytes > 0 && <span>{t('queue.summary.remaining', { size: formatBytes(summary.remainingBytes, locale) })}</span>}
      {summary.etaSeconds !== undefined && <span>{t('queue.eta', { time: formatDuration(summary.etaSeconds) })}</span>}
    </div>
  );
}
