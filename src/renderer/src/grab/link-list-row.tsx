import { useTranslation } from 'react-i18next';
import { displayCaption } from '../../../shared/display-caption';
import { imageSource } from '../api/client';
import { useClient } from '../api/client-context';
import { Thumb } from '../design/thumb';
import { formatDuration } from '../format/format';
import { routeHash } from '../shell/use-route';
import type { PostChoices } from './download-request';
import { FailedLinkRow } from './failed-link-row';
import { postThumbnail } from './post-card';
import { RowChoices } from './row-choices';
import type { GrabEntry } from './use-grab-entries';

export type ListEntry = Exclude<GrabEntry, { kind: 'playlist' | 'profile' }>;
export type PostEntry = Extract<GrabEntry, { kind: 'post' }>;
export type FailedEntry = Extract<GrabEntry, { kind: 'error' }>;

/** What the user set on a post's row; `queued` once "Download all" took it. */
export interface RowState {
  choices: PostChoices;
  include: boolean;
  queued: boolean;
}

interface LinkListRowProps {
  entry: ListEntry;
  /** Set for a post. */
  row?: RowState;
  onRow: (row: RowState) => void;
  onRetry: () => void;
  onPreviewAnyway: () => void;
  onRemove: () => void;
}

/** The price or reuse of a post's preview, in a few words. */
function PreviewCost({ entry }: { entry: PostEntry }) {
  const { t, i18n } = useTranslation();
  if (entry.reusedFrom !== undefined) {
    const time = new Date(entry.reusedFrom).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
    return <span>{t('reuse.shownAgain', { time })}</span>;
  }
  return <span>{entry.charged ? t('grab.charged') : t('grab.notCharged')}</span>;
}

/** One link of a list: a post to include, with its choices; or where its preview stands. */
export function LinkListRow({ entry, row, onRow, onRetry, onPreviewAnyway, onRemove }: LinkListRowProps) {
  const { t } = useTranslation();
  const client = useClient();
  const remove = (
    <button type="button" className="button button-small" onClick={onRemove}>
      {t('grab.remove')}
    </button>
  );
  if (entry.kind === 'loading') {
    return (
      <li className="link-row" data-testid="link-row" data-kind="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="mono small grow truncate">{t('grab.resolving', { url: entry.url })}</span>
      </li>
    );
  }
  if (entry.kind === 'error') return <FailedLinkRow url={entry.url} error={entry.error} onRetry={onRetry} onRemove={onRemove} />;
  if (entry.kind === 'duplicate') {
    const caption = entry.item.caption || t('post.untitled');
    return (
      <li className="link-row" data-testid="link-row" data-kind="duplicate">
        <span className="link-row-check" />
        <Thumb src={imageSource(client, entry.item.thumbnailPath)} width={96} height={54} />
        <div className="stack grow link-row-body">
          <strong className="link-row-caption">{caption}</strong>
          <span className="small muted">{[entry.item.site, t('duplicate.nothingCharged')].filter(Boolean).join(' · ')}</span>
          <div className="row wrap">
            <span className="badge badge-success">{t('post.inLibrary')}</span>
            <a className="button button-small" href={routeHash('library', entry.item.id)}>
              {t('queue.actions.showInLibrary')}
            </a>
            <button type="button" className="button button-small" onClick={onPreviewAnyway}>
              {t('duplicate.previewAnyway')}
            </button>
          </div>
        </div>
        {remove}
      </li>
    );
  }
  if (!row) return null;
  const caption = displayCaption(entry.post) || t('post.untitled');
  const duration = entry.post.medias.find((media) => media.duration !== undefined)?.duration;
  const images = entry.post.medias.filter((media) => media.media_type === 'image').length;
  const facts = [
    entry.post.site,
    entry.post.author?.display_name ?? entry.post.author?.username,
    duration !== undefined ? formatDuration(duration) : undefined,
    images > 1 ? t('grabList.images', { count: images }) : undefined,
  ].filter(Boolean);
  return (
    <li className={`link-row${row.include ? ' is-included' : ''}`} data-testid="link-row" data-kind="post">
      <input
        type="checkbox"
        className="link-row-check"
        checked={row.include}
        aria-label={t('grabList.include', { caption })}
        onChange={(event) => onRow({ ...row, include: event.target.checked })}
      />
      <Thumb src={postThumbnail(entry.post)} width={96} height={54} />
      <div className="stack grow link-row-body">
        <strong className="link-row-caption" title={caption}>
          {caption}
        </strong>
        <span className="small muted">
          {facts.join(' · ')}
          {facts.length > 0 && ' · '}
          <PreviewCost entry={entry} />
        </span>
        <RowChoices post={entry.post} choices={row.choices} caption={caption} onChange={(choices) => onRow({ ...row, choices })} />
        {(entry.libraryId !== undefined || row.queued) && (
          <div className="row wrap">
            {row.queued && <span className="badge badge-accent">{t('grabList.queued')}</span>}
            {entry.libraryId !== undefined && (
              <>
                <span className="badge badge-success">{t('post.inLibrary')}</span>
                <a className="button button-small" href={routeHash('library', entry.libraryId)}>
                  {t('queue.actions.showInLibrary')}
                </a>
              </>
            )}
            {row.include && <span className="small muted">{t('grabList.willCopy')}</span>}
          </div>
        )}
      </div>
      {remove}
    </li>
  );
}
