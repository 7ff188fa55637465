import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { errorWordsKey } from '../errors/error-words';
import { offersRetry } from '../errors/offers-retry';
import { Icon } from '../design/icon';

interface FailedLinkRowProps {
  url: string;
  error: ErrorInfo;
  onRetry: () => void;
  onRemove: () => void;
}

/**
 * A link of a list whose preview failed, on one line: the link, why in a few words, Retry
 * when trying again can help, and Details that opens the engine's message and the code.
 * One line, not a full error block, so fifty failures stay a list the user can scan. No
 * role="alert" per row: the list's summary line announces the count once.
 */
export function FailedLinkRow({ url, error, onRetry, onRemove }: FailedLinkRowProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const words = t(errorWordsKey(error.code));
  return (
    <li className="link-row link-row-failed" data-testid="link-row" data-kind="error">
      <div className="link-row-failed-line">
        <span className="link-row-failed-mark" aria-hidden="true">
          <Icon name="warning" />
        </span>
        <span className="mono small truncate link-row-failed-url" id={`${id}-url`} title={url}>
          {url}
        </span>
        <span className="small truncate link-row-failed-why" id={`${id}-why`} title={words} data-testid="error-words">
          {words}
        </span>
        <span className="row link-row-failed-actions">
          {offersRetry(error) && (
            <button type="button" className="button button-small" aria-describedby={`${id}-url`} onClick={onRetry}>
              {t('errors.retry')}
            </button>
          )}
          <button
            type="button"
            className="button button-small"
            aria-expanded={open}
            aria-controls={`${id}-details`}
            aria-describedby={`${id}-url`}
            onClick={() => setOpen(!open)}
          >
            {t('errors.details')}
          </button>
          <button type="button" className="button button-small" aria-describedby={`${id}-url`} onClick={onRemove}>
            {t('grab.remove')}
          </button>
        </span>
      </div>
      <div className="stack small link-row-failed-details" id={`${id}-details`} hidden={!open}>
        <p>{words}</p>
        <p className="mono" data-testid="error-message">
          {error.message}
        </p>
        <span className="badge badge-danger mono" data-testid="error-code">
          {t('errors.code', { code: error.code })}
        </span>
      </div>
    </li>
  );
}
