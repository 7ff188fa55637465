import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayCaption } from '../../../shared/display-caption';
import type { ErrorInfo } from '../../../shared/errors';
import { newSinceLastVisit } from '../../../shared/new-posts';
import { quote } from '../../../shared/price-quote';
import { useClient } from '../api/client-context';
import { PricedAction } from '../balance/priced-action';
import { usePrices } from '../balance/use-prices';
import { Thumb } from '../design/thumb';
import { ErrorNotice } from '../errors/error-notice';
import { useSettings } from '../shell/settings-context';
import { FollowButton } from '../subscriptions/follow-button';
import { AddedNotice } from './added-notice';
import { ALL_SELECTED, NOTHING_SELECTED, isAllSelected, isSelected, selectedKeys, toggled } from './page-selection';
import type { PageSelection } from './page-selection';
import { ProfileFacts } from './profile-facts';
import { ProfileRun } from './profile-run';
import { ProfileSubtitles } from './profile-subtitles';
import { RestPrice } from './rest-price';
import { ReusedNotice } from './reused-notice';
import { commonOptions } from './download-request';
import { postThumbnail } from './post-card';
import type { GrabEntry } from './use-grab-entries';
import { useSubtitlesChoice } from './use-subtitles-choice';

type PlaylistEntry = Extract<GrabEntry, { kind: 'playlist' }>;

interface PlaylistCardProps {
  entry: PlaylistEntry;
  onLoadMore: () => void;
  /** Asks the service for the first page again (charged), instead of the earlier answer shown free. */
  onCheckAgain: () => void;
  onRemove: () => void;
}

/** "<page>:<post>": a post's place among the loaded pages. */
const keyOf = (pageIndex: number, postIndex: number): string => `${pageIndex}:${postIndex}`;

/**
 * A profile or playlist: its header, the posts loaded so far as a selectable grid, Load
 * more (each page is one more charged call, and says so), Download selected.
 */
export function PlaylistCard({ entry, onLoadMore, onCheckAgain, onRemove }: PlaylistCardProps) {
  const { t } = useTranslation();
  const { api } = useClient();
  const settings = useSettings();
  const prices = usePrices();
  const subtitles = useSubtitlesChoice(entry.url);
  const [selection, setSelection] = useState<PageSelection>(NOTHING_SELECTED);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<{ count: number; leftOut: number } | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);

  const first = entry.pages[0]?.page;
  const last = entry.pages.at(-1)?.page;
  const profile = first?.profile;
  const loaded = entry.pages.reduce((sum, page) => sum + page.page.posts.length, 0);
  const allKeys = entry.pages.flatMap((page, pageIndex) => page.page.posts.map((_, postIndex) => keyOf(pageIndex, postIndex)));
  const selected = new Set(selectedKeys(selection, allKeys));
  // Posts before the first one already in the library, on the first page: new since the last visit.
  const fresh = entry.pages[0] ? newSinceLastVisit(entry.pages[0].page.posts.length, entry.pages[0].inLibrary) : undefined;

  const toggle = (key: string, on: boolean) => setSelection((current) => toggled(current, key, on));

  const download = async () => {
    setBusy(true);
    setError(undefined);
    const picks = entry.pages.flatMap((page, pageIndex) =>
      page.page.posts.flatMap((_, postIndex) => (selected.has(keyOf(pageIndex, postIndex)) ? [{ resolutionId: page.resolutionId, postIndex }] : [])),
    );
    const result = await api['jobs.add']({ source: { kind: 'posts', picks }, options: commonOptions(settings, subtitles.save, '') });
    setBusy(false);
    if (result.ok) {
      // posts already in the library are left out by the engine (never a silent copy): say so
      setAdded({ count: result.value.jobIds.length, leftOut: result.value.inLibrary?.length ?? 0 });
      setSelection(NOTHING_SELECTED);
    } else {
      setError(result.error);
    }
  };

  const name = profile?.display_name ?? profile?.username ?? entry.url;
  return (
    <article className="card grab-card playlist-card" data-testid="playlist-card" aria-label={name}>
      <header className="row">
        <Thumb src={profile?.avatar_url} width={56} height={56} className="avatar avatar-large" />
        <div className="grow">
          <h3>{name}</h3>
          <ProfileFacts username={profile?.username} site={first?.site} postCount={profile?.post_count} />
        </div>
        <FollowButton url={entry.url} />
        <button type="button" className="button button-small" onClick={onRemove}>
          {t('grab.remove')}
        </button>
      </header>

      {fresh !== undefined && (
        <p className="small" data-testid="new-since">
          {fresh === 0 ? t('playlist.noneNew') : t('playlist.newSince', { count: fresh })}
        </p>
      )}
      <ProfileSubtitles choice={subtitles} />
      <ProfileRun url={entry.url} postCount={profile?.post_count} pageSize={first?.posts.length ?? 0} prices={prices} saveSubtitles={subtitles.save} />
      {entry.pages[0]?.reusedFrom !== undefined && <ReusedNotice reusedFrom={entry.pages[0].reusedFrom} onCheckAgain={onCheckAgain} />}

      <div className="toolbar">
        <div className="row wrap">
          <button type="button" className="button button-small" aria-pressed={isAllSelected(selection)} onClick={() => setSelection(ALL_SELECTED)}>
            {t('playlist.selectAll')}
          </button>
          <button type="button" className="button button-small" onClick={() => setSelection(NOTHING_SELECTED)}>
            {t('playlist.selectNone')}
          </button>
          <span className="small muted" aria-live="polite" data-testid="selected-count">
            {isAllSelected(selection) ? t('playlist.allSelected', { count: selected.size }) : t('playlist.selected', { count: selected.size })}
          </span>
        </div>
        <button type="button" className="button button-primary" disabled={selected.size === 0 || busy} onClick={() => void download()}>
          {t('playlist.downloadSelected', { count: selected.size })}
        </button>
      </div>
      {added !== undefined && <AddedNotice count={added.count} />}
      {added !== undefined && added.leftOut > 0 && (
        <p className="small muted" data-testid="left-out">
          {t('grabList.leftOut', { count: added.leftOut })}
        </p>
      )}
      {error && <ErrorNotice error={error} onRetry={() => void download()} />}

      <ul className="post-grid" aria-label={t('playlist.grid')}>
        {entry.pages.flatMap((page, pageIndex) =>
          page.page.posts.map((post, postIndex) => {
            const key = keyOf(pageIndex, postIndex);
            const caption = displayCaption(post) || t('post.untitled');
            const inLibrary = page.inLibrary[String(postIndex)] !== undefined;
            return (
              <li key={key} className={`post-tile${isSelected(selection, key) ? ' is-selected' : ''}`} data-testid="post-tile">
                <label className="post-tile-label">
                  <Thumb src={postThumbnail(post)} width={160} height={90} />
                  <span className="post-tile-caption small">{caption}</span>
                  <span className="row post-tile-footer">
                    <input type="checkbox" checked={isSelected(selection, key)} aria-label={t('playlist.select', { caption })} onChange={(event) => toggle(key, event.target.checked)} />
                    {inLibrary && <span className="badge badge-success">{t('playlist.inLibrary')}</span>}
                  </span>
                </label>
              </li>
            );
          }),
        )}
      </ul>

      <footer className="stack playlist-footer">
        <p className="small muted" data-testid="playlist-loaded">
          {profile?.post_count !== undefined ? t('playlist.loaded', { loaded, total: profile.post_count }) : t('playlist.loadedUnknown', { loaded })} ·{' '}
          {t('playlist.pages', { count: entry.pages.length })}
        </p>
        {last?.has_more && profile?.post_count !== undefined && profile.post_count > loaded && (
          <RestPrice remaining={profile.post_count - loaded} pageSize={first?.posts.length ?? 0} url={entry.url} prices={prices} />
        )}
        {entry.moreError && <ErrorNotice error={entry.moreError} onRetry={onLoadMore} />}
        {last?.has_more ? (
          <PricedAction quote={quote(prices, 'playlist', entry.url)} onRun={onLoadMore}>
            {(run) => (
              <button type="button" className="button" disabled={entry.loadingMore} onClick={run}>
                {entry.loadingMore ? t('playlist.loadingMore') : t('playlist.loadMore')}
              </button>
            )}
          </PricedAction>
        ) : (
          <p className="small muted">{t('playlist.end')}</p>
        )}
      </footer>
    </article>
  );
}
