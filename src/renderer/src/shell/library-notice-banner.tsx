import { useTranslation } from 'react-i18next';
import { WarningBanner } from '../design/warning-banner';
import { RebuildLibrary } from '../settings/rebuild-library';
import { useAppInfo } from './app-info-context';

/**
 * Says once per start that the library was damaged (and moved aside, never deleted) or is
 * missing beside a download folder with files, and offers the rebuild from those files
 * right here (see AppInfo.libraryNotice), until the user closes it.
 */
export function LibraryNoticeBanner() {
  const { t } = useTranslation();
  const { info } = useAppInfo();
  const notice = info?.libraryNotice;
  if (!notice) return null;
  const [title, body] =
    notice.kind === 'corrupt'
      ? [t('rebuild.corruptTitle'), t('rebuild.corruptBody', { movedTo: notice.movedTo })]
      : [t('rebuild.missingTitle'), t('rebuild.missingBody', { folder: notice.downloadFolder })];
  return (
    <WarningBanner testId="library-notice" kind={notice.kind} title={title} body={body}>
      <RebuildLibrary />
    </WarningBanner>
  );
}
