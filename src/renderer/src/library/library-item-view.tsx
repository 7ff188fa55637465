import { useTranslation } from 'react-i18next';
import type { LibraryDetail } from '../../../shared/library';
import { imageSource } from '../api/client';
import { useClient } from '../api/client-context';
import { Icon } from '../design/icon';
import { LoadingState } from '../design/states';
import { Thumb } from '../design/thumb';
import { ErrorNotice } from '../errors/error-notice';
import { formatBytes, formatCount, formatDate } from '../format/format';
import { ItemActions } from './item-actions';
import { ItemFiles } from './item-files';
import { MediaPlayer } from './media-player';
import { playableMedia } from './playable-media';
import { useLibraryItem } from './use-library-item';
import { useMomentPlayback } from './said/use-moment-playback';
import type { PlayerMoment } from './said/use-moment-playback';
import { FollowAuthor } from '../subscriptions/follow-author';

function ItemDetails({ detail, onRemoved, autoPlay, moment }: { detail: LibraryDetail; onRemoved: () => void; autoPlay: boolean; moment?: PlayerMoment }) {
  const { t, i18n } = useTranslation();
  const openAtMoment = useMomentPlayback(detail.id, moment);
  const client = useClient();
  const locale = i18n.language;
  const caption = detail.caption || t('post.untitled');
  const facts: Array<[string, string]> = [];
  if (detail.site) facts.push([t('item.site'), detail.site]);
  if (detail.createdAt) facts.push([t('item.created'), formatDate(detail.createdAt, locale)]);
  facts.push([t('item.added'), formatDate(detail.addedAt, locale)]);
  facts.push([t('item.size'), formatBytes(detail.totalSize, locale)]);
  if (detail.stats.viewCount !== undefined) facts.push([t('item.views'), formatCount(detail.stats.viewCount, locale)]);
  if (detail.stats.likeCount !== undefined) facts.push([t('item.likes'), formatCount(detail.stats.likeCount, locale)]);
  const author = detail.authorName ?? detail.authorUsername;
  return (
    <article className="item-view" data-testid="item-view" aria-label={caption}>
      <div className="item-media">
        <MediaPlayer playable={playableMedia(detail)} title={caption} autoPlay={autoPlay} {...(openAtMoment && { mediaRef: openAtMoment })} />
      </div>
      <div className="item-info stack">
        <h2 className="item-caption">{caption}</h2>
        {author && (
          <div className="row">
            <Thumb src={imageSource(client, detail.authorAvatarPath)} width={28} height={28} className="avatar" />
            <strong>{author}</strong>
            {detail.authorUsername && detail.authorName && <span className="muted">@{detail.authorUsername}</span>}
            <FollowAuthor site={detail.site} username={detail.authorUsername} />
          </div>
        )}
        {detail.text && detail.text !== detail.caption && <p className="item-text">{detail.text}</p>}
        <dl className="facts" data-testid="item-facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {detail.postUrl && (
          <a className="small" href={detail.postUrl} target="_blank" rel="noreferrer noopener">
            {t('post.openOriginal')}
          </a>
        )}
        <ItemActions detail={detail} onRemoved={onRemoved} />
      </div>
      <div className="item-files">
        <ItemFiles detail={detail} />
      </div>
    </article>
  );
}

/** One post of the library: the media to play, its facts, files and subtitles, and what can be done with it. */
/** `autoPlay`: opened by the queue's Play in Trove (#/library/<id>/play); `moment`: by a moment of "Said in N videos". */
export function LibraryItemView({ id, onClose, onRemoved, autoPlay = false, moment }: { id: number; onClose: () => void; onRemoved: () => void; autoPlay?: boolean; moment?: PlayerMoment }) {
  const { t } = useTranslation();
  const { state, reload } = useLibraryItem(id);
  return (
    <div className="item-screen">
      <div className="row">
        <button type="button" className="button" onClick={onClose}>
          <Icon name="back" /> {t('item.back')}
        </button>
      </div>
      {state.kind === 'loading' && <LoadingState label={t('item.loading')} />}
      {state.kind === 'error' && <ErrorNotice error={state.error} title={t('item.loadFailed')} onRetry={() => void reload()} />}
      {state.kind === 'ready' && <ItemDetails detail={state.detail} onRemoved={onRemoved} autoPlay={autoPlay} {...(moment && { moment })} />}
    </div>
  );
}
