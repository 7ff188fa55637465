import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { offersRetry } from '../errors/offers-retry';

interface FailedLinksSummaryProps {
  failed: readonly { error: ErrorInfo }[];
  onRetryAll: () => void;
  onRemoveAll: () => void;
}

/** Several failed links of a list, counted once, with what to do about all of them at once. */
export function FailedLinksSummary({ failed, onRetryAll, onRemoveAll }: FailedLinksSummaryProps) {
  const { t } = useTranslation();
  const retryable = failed.filter((entry) => offersRetry(entry.error)).length;
  return (
    <div className="row wrap link-list-failed" data-testid="failed-summary">
      <strong className="grow" role="status">
        {t('grabList.failed', { count: failed.length })}
      </strong>
      {retryable > 0 && (
        <button type="button" className="button button-small" onClick={onRetryAll}>
          {t('grabList.retryFailed', { count: retryable })}
        </button>
      )}
      <button type="button" className="button button-small" onClick={onRemoveAll}>
        {t('grabList.removeFailed', { count: failed.length })}
      </button>
    </div>
  );
}
