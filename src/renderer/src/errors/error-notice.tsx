import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { BalanceLine } from '../shell/balance-line';
import { errorWordsKey } from './error-words';
import { offersRetry } from './offers-retry';

interface ErrorNoticeProps {
  error: ErrorInfo;
  title?: string;
  onRetry?: () => void;
}

/**
 * Every error the same way: what happened and what to do, worded for its code in the
 * user's language; the message as the engine (or the service) gave it under Details, and
 * the code for support and searching. Retryable errors offer Retry, and so do those the
 * user can clear (a lost connection, no credits).
 */
export function ErrorNotice({ error, title, onRetry }: ErrorNoticeProps) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error" role="alert">
      <strong>{title ?? t('errors.title')}</strong>
      <p data-testid="error-words">{t(errorWordsKey(error.code))}</p>
      <details className="small">
        <summary>{t('errors.details')}</summary>
        <p data-testid="error-message">{error.message}</p>
      </details>
      {error.code === 'out_of_credits' && <BalanceLine />}
      <div className="row wrap">
        <span className="badge badge-danger mono" data-testid="error-code">
          {t('errors.code', { code: error.code })}
        </span>
        {onRetry && offersRetry(error) && (
          <button type="button" className="button button-small" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
