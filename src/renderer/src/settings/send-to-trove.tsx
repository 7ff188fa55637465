import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sendToTroveBookmarklet } from '../../../shared/bookmarklet';
import { useClient } from '../api/client-context';

/**
 * "Send to Trove": a bookmarklet to drag to the browser's bookmarks bar. In the desktop app
 * it goes through trove://; in web mode to this page's own address, without the token.
 */
export function SendToTrove() {
  const { t } = useTranslation();
  const { host } = useClient();
  const link = useRef<HTMLAnchorElement>(null);
  const code = sendToTroveBookmarklet(host === 'electron' ? { kind: 'desktop' } : { kind: 'web', origin: window.location.origin });
  // React refuses javascript: addresses in href, rightly for anything built from data; this
  // one is our own constant, set on the element directly. Clicked here, the page's CSP blocks it.
  useEffect(() => {
    link.current?.setAttribute('href', code);
  }, [code]);
  return (
    <div className="setting" data-testid="send-to-trove">
      <span className="field-label">{t('settings.sendToTrove')}</span>
      <p className="small muted setting-hint">{host === 'electron' ? t('settings.sendToTroveHintDesktop') : t('settings.sendToTroveHintWeb')}</p>
      <p>
        <a ref={link} className="button button-small bookmarklet" draggable onClick={(event) => event.preventDefault()} data-testid="bookmarklet">
          {t('settings.sendToTroveLink')}
        </a>
      </p>
    </div>
  );
}
