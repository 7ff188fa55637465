import { Fragment, useEffect, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../design/states';
import { useContractEvent } from '../shell/use-contract-event';
import { routeHash, useRouteParams } from '../shell/use-route';
import { ErrorNotice } from '../errors/error-notice';
import { DuplicateCard } from './duplicate-card';
import { LinkInput } from './link-input';
import type { LinkInputHandle } from './link-input';
import { KnownProfileCard } from './known-profile-card';
import { PlaylistCard } from './playlist-card';
import { PostCard } from './post-card';
import { SandboxNotice } from './sandbox-notice';
import { useGrabEntries } from './use-grab-entries';
import type { GrabBatch, GrabEntry } from './use-grab-entries';
import { LinkList } from './link-list';
import type { ListEntry } from './link-list-row';

/** Paste or drop links; each becomes a preview to choose from and download. */
export function GrabScreen() {
  const { t } = useTranslation();
  const { entries, batches, add, resolve, remove, loadMore } = useGrabEntries();
  const [dragging, setDragging] = useState(false);
  const input = useRef<LinkInputHandle>(null);
  // A link the user chose outside the window: from the desktop app's clipboard notification
  // it is previewed as if pasted; sent from a page (trove://) it waits in the box for Preview.
  useContractEvent('grab.requested', ({ url, preview }) => {
    window.location.hash = routeHash('grab');
    if (preview) input.current?.take(url);
    else input.current?.fill(url);
  });
  // "Send to Trove" in web mode, and the desktop app started for a link: #/grab/<link>.
  const [sentLink] = useRouteParams('grab');
  useEffect(() => {
    if (sentLink === undefined) return;
    input.current?.fill(sentLink);
    // Off the address bar and history: a reload or Back does not send it again.
    window.location.replace(routeHash('grab'));
  }, [sentLink]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    input.current?.take(event.dataTransfer.getData('text/uri-list') || event.dataTransfer.getData('text/plain'));
  };

  const card = (entry: GrabEntry) => {
    const onRemove = () => remove(entry.key);
    switch (entry.kind) {
      case 'loading':
        return (
          <div className="card grab-card loading-card" role="status" data-testid="loading-card">
            <span className="spinner" aria-hidden="true" /> {t('grab.resolving', { url: entry.url })}
          </div>
        );
      case 'error':
        return (
          <div className="card grab-card" data-testid="error-card">
            <div className="row">
              <span className="mono small grow truncate">{entry.url}</span>
              <button type="button" className="button button-small" onClick={onRemove}>
                {t('grab.remove')}
              </button>
            </div>
            <ErrorNotice error={entry.error} onRetry={() => void resolve(entry.key, entry.url)} />
          </div>
        );
      case 'duplicate':
        return <DuplicateCard item={entry.item} url={entry.url} onPreviewAnyway={() => void resolve(entry.key, entry.url, { force: true })} onRemove={onRemove} />;
      case 'post':
        return (
          <PostCard
            resolutionId={entry.resolutionId}
            post={entry.post}
            charged={entry.charged}
            libraryId={entry.libraryId}
            reusedFrom={entry.reusedFrom}
            onCheckAgain={() => void resolve(entry.key, entry.url, { recheck: true })}
            onRemove={onRemove}
          />
        );
      case 'playlist':
        return (
          <PlaylistCard entry={entry} onLoadMore={() => void loadMore(entry)} onCheckAgain={() => void resolve(entry.key, entry.url, { recheck: true })} onRemove={onRemove} />
        );
      case 'profile':
        return <KnownProfileCard url={entry.url} known={entry.known} onFirstPage={() => void resolve(entry.key, entry.url, { recheck: true })} onRemove={onRemove} />;
    }
  };

  /** One link keeps its full card; several make one list (profiles and playlists, seen before or not, keep their cards below it). */
  const batchView = (batch: GrabBatch) => {
    const shown = batch.keys.flatMap((key) => entries.filter((entry) => entry.key === key));
    if (batch.keys.length === 1) return shown.map((entry) => <div key={entry.key}>{card(entry)}</div>);
    const listed = shown.filter((entry): entry is ListEntry => entry.kind !== 'playlist' && entry.kind !== 'profile');
    return (
      <>
        {listed.length > 0 && (
          <LinkList
            entries={listed}
            onRetry={(entry) => void resolve(entry.key, entry.url)}
            onPreviewAnyway={(entry) => void resolve(entry.key, entry.url, { force: true })}
            onRemove={remove}
          />
        )}
        {shown.flatMap((entry) => (entry.kind === 'playlist' || entry.kind === 'profile' ? [<div key={entry.key}>{card(entry)}</div>] : []))}
      </>
    );
  };

  return (
    <div
      className={`grab-screen stack${dragging ? ' is-dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <SandboxNotice onLinks={add} />
      <LinkInput ref={input} onLinks={add} />
      {dragging && <div className="drop-hint">{t('grab.dropHere')}</div>}
      {entries.length === 0 ? <EmptyState title={t('grab.empty')} /> : batches.map((batch) => <Fragment key={batch.id}>{batchView(batch)}</Fragment>)}
    </div>
  );
}
