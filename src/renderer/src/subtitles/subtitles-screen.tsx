import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLink } from '../../../shared/links';
import { Icon } from '../design/icon';
import { LinkField } from '../design/link-field';
import { EmptyState, LoadingState } from '../design/states';
import { ErrorNotice } from '../errors/error-notice';
import { MediaPlayer } from '../library/media-player';
import { playableMedia } from '../library/playable-media';
import { useLibraryItem } from '../library/use-library-item';
import { hashSegments, routeHash, useRouteParams } from '../shell/use-route';
import { CueViewer } from './cue-viewer';
import { ListingPrice } from './listing-price';
import { SaveSubtitles } from './save-subtitles';
import { subtitleSource } from './subtitle-source';
import type { SubtitleSource } from './subtitle-source';
import { TrackList } from './track-list';
import { ReusedNotice } from '../grab/reused-notice';
import { useCaptionTrack } from './use-caption-track';
import { useSubtitleWorkspace } from './use-subtitle-workspace';

/** A video link to look up: opening it lists its subtitles at once (the user asked, so the charge is expected). */
function LinkForm({ initial, onSubmit }: { initial: string; onSubmit: (url: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const link = parseLink(text);
    if (!link.ok) {
      setProblem(t('subtitles.badLink'));
      return;
    }
    setProblem(undefined);
    onSubmit(link.value);
  };
  return (
    <form className="card stack" onSubmit={submit}>
      <LinkField id={id} label={t('subtitles.linkLabel')} hint={t('subtitles.linkHint')} problem={problem} action={t('subtitles.list')}>
        {(control) => <input id={id} className="input grow" value={text} placeholder="https://…" {...control} onChange={(event) => setText(event.target.value)} />}
      </LinkField>
      <ListingPrice text={text} />
    </form>
  );
}

function Workspace({ source, autoList }: { source: Exclude<SubtitleSource, { kind: 'none' }>; autoList: boolean }) {
  const { t } = useTranslation();
  const { listing, list, chosen, choose, cues, postId } = useSubtitleWorkspace(source);
  const item = useLibraryItem(postId);
  const detail = postId !== undefined && item.state.kind === 'ready' ? item.state.detail : undefined;
  const playable = detail ? playableMedia(detail) : undefined;
  const media = useRef<HTMLMediaElement | null>(null);
  const [player, setPlayer] = useState<HTMLMediaElement | null>(null);
  const mediaRef = useCallback((element: HTMLMediaElement | null) => {
    media.current = element;
    setPlayer(element);
  }, []);
  const captions = useMemo(
    () => (chosen && cues.kind === 'ready' ? { cues: cues.cues, label: chosen.languageName, languageTag: chosen.languageTag } : undefined),
    [chosen, cues],
  );
  useCaptionTrack(player, captions);
  const [time, setTime] = useState<number | undefined>(undefined);
  const started = useRef(false);
  useEffect(() => {
    if (!autoList || started.current) return;
    started.current = true;
    void list();
  }, [autoList, list]);

  const canPlay = playable?.kind === 'video' || playable?.kind === 'audio';
  const seek = (ms: number) => {
    const element = media.current;
    if (!element) return;
    element.currentTime = ms / 1000;
    setTime(ms / 1000);
    void element.play().catch(() => undefined);
  };
  const tracks = listing.kind === 'ready' ? listing.result.subtitles : [];
  const title = detail?.caption || (listing.kind === 'ready' ? listing.result.text : source.kind === 'link' ? source.url : '');

  return (
    <div className="subtitles-workspace stack">
      <div className="row wrap">
        <h2 className="grow subtitles-title">{title || t('post.untitled')}</h2>
        {postId !== undefined && (
          <a className="button button-small" href={routeHash('library', postId)}>
            <Icon name="back" /> {t('subtitles.backToItem')}
          </a>
        )}
      </div>
      {postId !== undefined && item.state.kind === 'error' && <ErrorNotice error={item.state.error} title={t('item.loadFailed')} />}
      <div className={canPlay ? 'subtitles-layout has-player' : 'subtitles-layout'}>
        {canPlay && playable && (
          <div className="subtitles-player">
            <MediaPlayer playable={playable} title={title} mediaRef={mediaRef} onTime={setTime} />
          </div>
        )}
        <div className="stack subtitles-main">
          <div className="card stack">
            <div className="row wrap">
              <h3 className="grow">{t('subtitles.tracks')}</h3>
              {listing.kind !== 'loading' && (
                <button type="button" className="button" onClick={() => void list(listing.kind === 'ready')} data-testid="list-subtitles">
                  {listing.kind === 'ready' ? t('reuse.checkAgain') : t('subtitles.list')}
                </button>
              )}
            </div>
            {listing.kind === 'ready' && listing.reusedFrom !== undefined ? (
              <ReusedNotice reusedFrom={listing.reusedFrom} />
            ) : (
              <p className="small muted">{listing.kind === 'ready' ? (listing.charged ? t('subtitles.charged') : t('grab.notCharged')) : t('subtitles.listCost')}</p>
            )}
            {listing.kind === 'loading' && <LoadingState label={t('subtitles.listing')} />}
            {listing.kind === 'error' && <ErrorNotice error={listing.error} title={t('subtitles.listFailed')} onRetry={() => void list()} />}
            {tracks.length > 0 || (detail?.subtitles.length ?? 0) > 0 ? (
              <TrackList tracks={tracks} saved={detail?.subtitles ?? []} chosen={chosen} onChoose={choose} />
            ) : (
              listing.kind === 'ready' && <p className="muted">{t('subtitles.noTracks')}</p>
            )}
          </div>
          {chosen && cues.kind === 'loading' && <LoadingState label={t('subtitles.loadingCues')} />}
          {chosen && cues.kind === 'error' && <ErrorNotice error={cues.error} title={t('subtitles.cuesFailed')} />}
          {chosen && cues.kind === 'ready' && (
            <CueViewer cues={cues.cues} languageName={chosen.languageName} {...(canPlay ? { onSeek: seek, playingAt: time } : {})} />
          )}
          {listing.kind === 'ready' && tracks.length > 0 && (
            <SaveSubtitles
              key={listing.resolutionId}
              resolutionId={listing.resolutionId}
              tracks={tracks}
              initialLanguage={chosen?.languageTag}
              postId={postId}
              canEmbed={playable?.kind === 'video'}
              onSaved={() => void item.reload()}
            />
          )}
        </div>
      </div>
    </div>
  );
}

/** Subtitles of a video from a link or the library: languages and formats, the cues, save and embed. */
export function SubtitlesScreen() {
  const { t } = useTranslation();
  const params = useRouteParams('subtitles');
  // Segments stay encoded in the key: a link's own slashes must not split it.
  const key = params.map(encodeURIComponent).join('/');
  const source = useMemo(() => subtitleSource(hashSegments(key)), [key]);
  const autoList = useRef<string | undefined>(undefined);
  const open = (url: string) => {
    autoList.current = url;
    window.location.hash = routeHash('subtitles', 'link', url);
  };
  return (
    <div className="subtitles-screen stack">
      <LinkForm key={source.kind === 'link' ? source.url : 'empty'} initial={source.kind === 'link' ? source.url : ''} onSubmit={open} />
      {source.kind === 'none' ? (
        <EmptyState title={t('subtitles.emptyTitle')}>
          <p>{t('subtitles.emptyHint')}</p>
        </EmptyState>
      ) : (
        <Workspace key={key} source={source} autoList={source.kind === 'link' && autoList.current === source.url} />
      )}
    </div>
  );
}
