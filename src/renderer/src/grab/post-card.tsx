import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { displayCaption } from '../../../shared/display-caption';
import type { ErrorInfo } from '../../../shared/errors';
import type { Post } from '../../../shared/post';
import { useClient } from '../api/client-context';
import { Thumb } from '../design/thumb';
import { ErrorNotice } from '../errors/error-notice';
import { formatDuration } from '../format/format';
import { useSettings } from '../shell/settings-context';
import { commonOptionsHint, DownloadOptionsFields } from './download-options';
import { hasLanguageTracks, initialChoices, mediaPicks, postDownloadRequest } from './download-request';
import type { PostChoices } from './download-request';
import { CopyConfirm } from './copy-confirm';
import { InLibraryActions } from './in-library-actions';
import { routeHash } from '../shell/use-route';
import { postThumbnail } from '../../../shared/post-thumbnail';
import { PostMeta } from './post-meta';
import { AddedNotice } from './added-notice';
import { ImagePick } from './image-pick';
import { ReusedNotice } from './reused-notice';
import { SubtitlesRefusedNote } from './subtitles-box';
import { useSubtitleRefusal } from './use-subtitle-refusal';
import { AudioTrackPicker, VariantPicker } from './variant-picker';

/** What the engine says with a `duplicate` refusal: the library post it already is. */
const duplicateDetail = z.object({ libraryId: z.number().int() });

// shared with the queue's waiting jobs (core/jobs); the profile card imports it from here
export { postThumbnail };

interface PostCardProps {
  resolutionId: string;
  post: Post;
  charged: boolean;
  libraryId?: number;
  /** Set when this preview is an earlier answer shown again free (when it was paid for). */
  reusedFrom?: number;
  onCheckAgain: () => void;
  onRemove: () => void;
}

/** A previewed post: what it is, each media item with its choices, the options, Download. */
export function PostCard({ resolutionId, post, charged, libraryId, reusedFrom, onCheckAgain, onRemove }: PostCardProps) {
  const { t } = useTranslation();
  const { api } = useClient();
  const settings = useSettings();
  const name = useId();
  const [choices, setChoices] = useState<PostChoices>(() => initialChoices(post, settings));
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<{ count: number; at: number } | undefined>(undefined);
  const [askingCopy, setAskingCopy] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  // Found in the library by the engine at Download (it got there after this preview).
  const [foundId, setFoundId] = useState<number | undefined>(undefined);
  const inLibraryId = libraryId ?? foundId;
  // In the library, or queued from this card: another Download is a copy ("… (1)"), made only after asking.
  const known = inLibraryId !== undefined || added !== undefined;

  const hasVideo = post.medias.some((media) => media.media_type === 'video');
  // Where the service has refused subtitles for the whole site, they are not offered: the card says why.
  const subtitlesRefused = useSubtitleRefusal(post.post_url);
  const subtitlesOffered = hasVideo && subtitlesRefused === undefined;

  const download = async (again: boolean) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const result = await api['jobs.add'](
      postDownloadRequest(resolutionId, post, { ...choices, saveSubtitles: choices.saveSubtitles && subtitlesOffered }, settings, again),
    );
    setBusy(false);
    if (result.ok) {
      setAdded({ count: result.value.jobIds.length, at: Date.now() });
      return;
    }
    setError(result.error);
    if (result.error.code === 'duplicate') setFoundId(duplicateDetail.safeParse(result.error.detail).data?.libraryId);
  };
  const onDownload = () => {
    if (known) setAskingCopy(true);
    else void download(false);
  };

  const caption = displayCaption(post);
  // A photo post lets the user leave images out; a lone image is the post itself.
  const imageCount = post.medias.filter((media) => media.media_type === 'image').length;
  return (
    <article className="card grab-card post-card" data-testid="post-card" aria-label={caption || t('post.untitled')}>
      <div className="post-layout">
        <Thumb src={postThumbnail(post)} width={240} height={135} />
        <div className="stack grow">
          <div className="row">
            <h3 className="grow post-caption">{caption || t('post.untitled')}</h3>
            <button type="button" className="button button-small" onClick={onRemove}>
              {t('grab.remove')}
            </button>
          </div>
          <PostMeta post={post} />
          {inLibraryId !== undefined && <InLibraryActions libraryId={inLibraryId} />}
          {hasVideo && subtitlesRefused && <SubtitlesRefusedNote refusal={subtitlesRefused} />}
          {subtitlesOffered && (inLibraryId !== undefined || post.post_url) && (
            <div>
              <a
                className="button button-small"
                href={inLibraryId !== undefined ? routeHash('subtitles', 'post', inLibraryId) : routeHash('subtitles', 'link', post.post_url ?? '')}
                data-testid="post-subtitles"
              >
                {t('post.subtitles')}
              </a>
            </div>
          )}
          {reusedFrom !== undefined ? (
            <ReusedNotice reusedFrom={reusedFrom} onCheckAgain={onCheckAgain} />
          ) : (
            <p className="small muted">{charged ? t('grab.charged') : t('grab.notCharged')}</p>
          )}
        </div>
      </div>

      <section className="stack" aria-label={t('post.media')}>
        {post.medias.map((media, index) => (
          <div key={index} className="media-item stack" data-testid="media-item">
            <p className="small">
              <strong>{t('post.mediaItem', { type: t(`mediaType.${media.media_type}`), index: index + 1 })}</strong>
              {media.duration !== undefined && <span className="muted"> · {formatDuration(media.duration)}</span>}
            </p>
            {media.media_type === 'video' && media.variants && media.variants.length > 0 && (
              <VariantPicker
                name={`${name}-q${index}`}
                mediaNumber={index + 1}
                variants={media.variants}
                chosen={choices.quality[index]}
                onChoose={(quality) => setChoices((current) => ({ ...current, quality: { ...current.quality, [index]: quality } }))}
              />
            )}
            {media.media_type === 'image' && imageCount > 1 && (
              <ImagePick
                media={media}
                mediaNumber={index + 1}
                picked={choices.images[index] !== false}
                onPick={(picked) => setChoices((current) => ({ ...current, images: { ...current.images, [index]: picked } }))}
              />
            )}
            {hasLanguageTracks(media) && (
              <AudioTrackPicker
                name={`${name}-a${index}`}
                mediaNumber={index + 1}
                variants={media.variants ?? []}
                chosen={choices.audioLanguage[index]}
                onChoose={(tag) => setChoices((current) => ({ ...current, audioLanguage: { ...current.audioLanguage, [index]: tag } }))}
              />
            )}
          </div>
        ))}
      </section>

      <DownloadOptionsFields
        offerSubtitles={subtitlesOffered}
        saveSubtitles={choices.saveSubtitles}
        folder={choices.folder}
        onChange={(change) => setChoices((current) => ({ ...current, ...change }))}
        hint={commonOptionsHint(settings)}
      />

      {error && <ErrorNotice error={error} onRetry={() => void download(known)} />}
      <div className="row wrap">
        {/* Not disabled while adding: a disabled button drops the keyboard focus to <body>. */}
        <button
          type="button"
          className={`button${known ? '' : ' button-primary'}`}
          aria-disabled={busy}
          disabled={mediaPicks(post, choices).length === 0}
          onClick={onDownload}
          data-testid="post-download"
        >
          {busy ? t('post.downloading') : known ? t('grabList.downloadCopy') : t('post.download')}
        </button>
        {added !== undefined && <AddedNotice count={added.count} focusKey={added.at} />}
      </div>
      <CopyConfirm
        open={askingCopy}
        captions={[caption]}
        onCancel={() => setAskingCopy(false)}
        onConfirm={() => {
          setAskingCopy(false);
          void download(true);
        }}
      />
    </article>
  );
}
