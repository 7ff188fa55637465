import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { BalanceLine } from '../shell/balance-line';
import { nextStepKey } from './next-step';

/** Not retryable as such, but worth trying again once the user has acted (reconnected, added credits). */
const AFTER_A_FIX = new Set(['disconnected', 'out_of_credits']);

interface ErrorNoticeProps {
  error: ErrorInfo;
  title?: string;
  onRetry?: () => void;
}

/**
 * Every error the same way: the message as the engine (or the service, in the user's
 * language) gave it, the code for support and searching, and what to do next. Retryable
 * errors offer Retry, and so do those the user can clear (a lost connection, no credits).
 */
export function ErrorNotice({ error, title, onRetry }: ErrorNoticeProps) {
  const { t, i18n } = useTranslation();
  const nextStep = t(nextStepKey(error, (key) => i18n.exists(key)));
  return (
    <div className="notice notice-error" role="alert">
      <strong>{title ?? t('errors.title')}</strong>
      <p data-testid="error-message">{error.message}</p>
      <p className="small">{nextStep}</p>
      {error.code === 'out_of_credits' && <BalanceLine />}
      <div className="row wrap">
        <span className="badge badge-danger mono" data-testid="error-code">
          {t('errors.code', { code: error.code })}
        </span>
        {onRetry && (error.retryable === true || AFTER_A_FIX.has(error.code)) && (
          <button type="button" className="button button-small" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
