import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

interface WarningBannerProps {
  testId: string;
  /** What kind of warning it is, for tests and styles. */
  kind?: string;
  title: string;
  body: string;
  /** After the text, on its line (a link to where to act). */
  inline?: ReactNode;
  /** Under the text (an action that needs room). */
  children?: ReactNode;
}

/** A warning at the top of the window that stays until the user closes it: said once per start. */
export function WarningBanner({ testId, kind, title, body, inline, children }: WarningBannerProps) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div className="alerts">
      <div className="notice notice-warning alert-banner" role="alert" data-testid={testId} data-kind={kind}>
        <Icon name="warning" />
        <div className="grow stack">
          <div>
            <strong>{title}</strong> <span>{body}</span> {inline}
          </div>
          {children}
        </div>
        <button type="button" className="button button-icon button-small" aria-label={t('alerts.dismiss')} title={t('alerts.dismiss')} onClick={() => setDismissed(true)}>
          <Icon name="close" />
        </button>
      </div>
    </div>
  );
}
