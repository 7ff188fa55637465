import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../design/icon';
import { RebuildLibrary } from '../settings/rebuild-library';
import { useAppInfo } from './app-info-context';

/**
 * Says once per start that the library was damaged (and moved aside, never deleted) or is
 * missing beside a download folder with files, and offers the rebuild from those files
 * right here (see AppInfo.libraryNotice). Gone once the rebuild ran or the user closed it.
 */
export function LibraryNoticeBanner() {
  const { t } = useTranslation();
  const { info } = useAppInfo();
  const [dismissed, setDismissed] = useState(false);
  const notice = info?.libraryNotice;
  if (dismissed || !notice) return null;
  const [title, body] =
    notice.kind === 'corrupt'
      ? [t('rebuild.corruptTitle'), t('rebuild.corruptBody', { movedTo: notice.movedTo })]
      : [t('rebuild.missingTitle'), t('rebuild.missingBody', { folder: notice.downloadFolder })];
  return (
    <div className="alerts">
      <div className="notice notice-warning alert-banner" role="alert" data-testid="library-notice" data-kind={notice.kind}>
        <Icon name="warning" />
        <div className="grow stack">
          <div>
            <strong>{title}</strong> <span>{body}</span>
          </div>
          <RebuildLibrary />
        </div>
        <button type="button" className="button button-icon button-small" aria-label={t('alerts.dismiss')} title={t('alerts.dismiss')} onClick={() => setDismissed(true)}>
          <Icon name="close" />
        </button>
      </div>
    </div>
  );
}
