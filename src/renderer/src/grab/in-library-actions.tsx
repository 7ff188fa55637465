import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { Icon } from '../design/icon';
import { ErrorNotice } from '../errors/error-notice';
import { formatDate } from '../format/format';
import { playableMedia } from '../library/playable-media';
import { useLibraryItem } from '../library/use-library-item';
import { useAppInfo } from '../shell/app-info-context';
import { routeHash } from '../shell/use-route';

/**
 * "In your library · downloaded 3 Nov", and what can be done with the post already there:
 * Open its file (the desktop app), Play in Trove, Show in library.
 */
export function InLibraryActions({ libraryId }: { libraryId: number }) {
  const { t, i18n } = useTranslation();
  const { api } = useClient();
  const capabilities = useAppInfo().info?.capabilities;
  const { state } = useLibraryItem(libraryId);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const detail = state.kind === 'ready' ? state.detail : undefined;
  const playable = detail ? playableMedia(detail) : { kind: 'none' as const };
  const first = playable.kind === 'video' || playable.kind === 'audio' ? playable.file : playable.kind === 'images' ? playable.files[0] : undefined;

  const open = async () => {
    if (!first) return;
    const answer = await api['app.openPath']({ postId: libraryId, path: first.path });
    setError(answer.ok ? undefined : answer.error);
  };

  return (
    <div className="stack in-library" data-testid="in-library">
      <div className="row wrap">
        <span className="badge badge-success">
          {detail ? t('grabList.inLibrarySince', { date: formatDate(detail.addedAt, i18n.language) }) : t('post.inLibrary')}
        </span>
        {capabilities?.openPath && first && (
          <button type="button" className="button button-small" onClick={() => void open()}>
            <Icon name="open" /> {t('queue.actions.open')}
          </button>
        )}
        {(playable.kind === 'video' || playable.kind === 'audio') && (
          <a className="button button-small" href={routeHash('library', libraryId, 'play')}>
            <Icon name="play" /> {t('queue.actions.play')}
          </a>
        )}
        <a className="button button-small" href={routeHash('library', libraryId)}>
          <Icon name="grid" /> {t('queue.actions.showInLibrary')}
        </a>
      </div>
      {error && <ErrorNotice error={error} />}
    </div>
  );
}
