import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import type { LibraryDetail } from '../../../shared/library';
import { useClient } from '../api/client-context';
import { Icon } from '../design/icon';
import { ErrorNotice } from '../errors/error-notice';
import { formatBytes } from '../format/format';
import { useAppInfo } from '../shell/app-info-context';
import { routeHash } from '../shell/use-route';

/** The post's files on disk and its saved subtitles; Open and Show in folder where the face can. */
export function ItemFiles({ detail }: { detail: LibraryDetail }) {
  const { t, i18n } = useTranslation();
  const { api } = useClient();
  const capabilities = useAppInfo().info?.capabilities;
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const run = async (call: Promise<{ ok: true } | { ok: false; error: ErrorInfo }>) => {
    const answer = await call;
    setError(answer.ok ? undefined : answer.error);
  };
  const files = detail.files.filter((file) => file.kind !== 'thumbnail' && file.kind !== 'subtitle');
  return (
    <section className="stack item-section" aria-labelledby={`files-${detail.id}`}>
      <h3 id={`files-${detail.id}`}>{t('item.files')}</h3>
      {files.length === 0 ? (
        <p className="small muted">{t('item.noFiles')}</p>
      ) : (
        <ul className="file-list">
          {files.map((file) => (
            <li key={file.id} className="file-row" data-testid="item-file">
              <span className="badge">{t(`fileKind.${file.kind}`)}</span>
              <span className="mono small grow truncate" title={file.path}>
                {file.path}
              </span>
              <span className="small muted">{file.exists ? formatBytes(file.size, i18n.language) : t('item.missing')}</span>
              {capabilities?.openPath && file.exists && file.kind !== 'file' && (
                <button type="button" className="button button-small" onClick={() => void run(api['app.openPath']({ postId: detail.id, path: file.path }))}>
                  <Icon name="open" /> {t('item.open')}
                </button>
              )}
              {capabilities?.showInFolder && file.exists && (
                <button type="button" className="button button-small" onClick={() => void run(api['app.showInFolder']({ postId: detail.id, path: file.path }))}>
                  <Icon name="folder" /> {t('item.showInFolder')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('item.subtitles')}</h3>
      {detail.subtitles.length === 0 ? (
        <p className="small muted">{t('item.noSubtitles')}</p>
      ) : (
        <ul className="file-list">
          {detail.subtitles.map((subtitle) => (
            <li key={subtitle.path} className="file-row" data-testid="item-subtitle">
              <span className="badge badge-accent">{subtitle.languageName ?? subtitle.languageTag}</span>
              <span className="mono small grow truncate" title={subtitle.path}>
                {subtitle.path}
              </span>
              <span className="badge">{subtitle.format}</span>
              <a className="button button-small" href={routeHash('subtitles', 'post', detail.id, subtitle.languageTag)}>
                <Icon name="captions" /> {t('item.viewCues')}
              </a>
            </li>
          ))}
        </ul>
      )}
      {error && <ErrorNotice error={error} title={t('item.actionFailed')} />}
    </section>
  );
}
