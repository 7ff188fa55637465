import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayCaption } from '../../../shared/display-caption';
import type { ErrorInfo } from '../../../shared/errors';
import type { Media, Post } from '../../../shared/post';
import { chooseAudioTrack, recommendedVariant } from '../../../shared/variant-choice';
import { useClient } from '../api/client-context';
import { Thumb } from '../design/thumb';
import { ErrorNotice } from '../errors/error-notice';
import { formatDuration } from '../format/format';
import { useSettings } from '../shell/settings-context';
import { commonOptionsHint, DownloadOptionsFields } from './download-options';
import { mediaPicks, postDownloadRequest } from './download-request';
import type { PostChoices } from './download-request';
import { routeHash } from '../shell/use-route';
import { PostMeta } from './post-meta';
import { AddedNotice } from './added-notice';
import { ImagePick } from './image-pick';
import { ReusedNotice } from './reused-notice';
import { useSubtitleRefusal } from './use-subtitle-refusal';
import { AudioTrackPicker, VariantPicker } from './variant-picker';

const hasLanguageTracks = (media: Media): boolean => media.media_type === 'audio' && (media.variants ?? []).some((variant) => variant.language_tag !== undefined);

/** The first picture to show for a post: a preview image, or an image item itself. */
export function postThumbnail(post: Pick<Post, 'medias'>): string | undefined {
  for (const media of post.medias) {
    if (media.preview_url) return media.preview_url;
    if (media.media_type === 'image') return media.resource_url;
  }
  return undefined;
}

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
  const [choices, setChoices] = useState<PostChoices>(() => {
    const quality: Record<number, number> = {};
    const audioLanguage: Record<number, string> = {};
    post.medias.forEach((media, index) => {
      if (hasLanguageTracks(media)) {
        const track = chooseAudioTrack(media.variants ?? [], settings.audioLanguages);
        if (track?.language_tag) audioLanguage[index] = track.language_tag;
      } else if (media.media_type === 'video' && media.variants?.length) {
        const variant = recommendedVariant(media, settings.preferredQuality);
        if (variant) quality[index] = variant.quality;
      }
    });
    return { quality, audioLanguage, images: {}, saveSubtitles: settings.saveSubtitles, folder: '' };
  });
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<number | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);

  const hasVideo = post.medias.some((media) => media.media_type === 'video');
  // Where the service has refused subtitles for the whole site, they are not offered: the card says why.
  const subtitlesRefused = useSubtitleRefusal(post.post_url);
  const subtitlesOffered = hasVideo && subtitlesRefused === undefined;

  const download = async () => {
    setBusy(true);
    setError(undefined);
    const result = await api['jobs.add'](postDownloadRequest(resolutionId, post, { ...choices, saveSubtitles: choices.saveSubtitles && subtitlesOffered }, settings));
    setBusy(false);
    if (result.ok) setAdded(result.value.jobIds.length);
    else setError(result.error);
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
            {libraryId !== undefined && <span className="badge badge-success">{t('post.inLibrary')}</span>}
            <button type="button" className="button button-small" onClick={onRemove}>
              {t('grab.remove')}
            </button>
          </div>
          <PostMeta post={post} />
          {hasVideo && subtitlesRefused && (
            <p className="small muted" data-testid="subtitles-refused" title={subtitlesRefused.message}>
              {t('post.subtitlesRefused', { site: subtitlesRefused.site })}
            </p>
          )}
          {subtitlesOffered && (libraryId !== undefined || post.post_url) && (
            <div>
              <a
                className="button button-small"
                href={libraryId !== undefined ? routeHash('subtitles', 'post', libraryId) : routeHash('subtitles', 'link', post.post_url ?? '')}
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

      {error && <ErrorNotice error={error} onRetry={() => void download()} />}
      <div className="row">
        <button type="button" className="button button-primary" disabled={busy || mediaPicks(post, choices).length === 0} onClick={() => void download()}>
          {busy ? t('post.downloading') : t('post.download')}
        </button>
        {added !== undefined && <AddedNotice count={added} />}
      </div>
    </article>
  );
}
