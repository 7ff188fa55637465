import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../shared/post';
import { ORIGINAL_QUALITY } from '../../../shared/post';
import { qualityLabel } from '../../../shared/variant-info';
import { hasLanguageTracks } from './download-request';
import type { PostChoices } from './download-request';

interface RowChoicesProps {
  post: Pick<Post, 'medias'>;
  choices: PostChoices;
  onChange: (choices: PostChoices) => void;
  /** The post's caption, to name its controls for screen readers. */
  caption: string;
}

/**
 * The choices of one post in a list of links, compact: a quality per video, a language per
 * multi-track audio, and its subtitles; the defaults are the settings', as on a single preview.
 */
export function RowChoices({ post, choices, onChange, caption }: RowChoicesProps) {
  const { t } = useTranslation();
  const id = useId();
  const videos = post.medias.filter((media) => media.media_type === 'video').length;
  const numbered = (index: number) => (post.medias.length > 1 ? ` ${index + 1}` : '');
  return (
    <div className="row wrap row-choices" data-testid="row-choices">
      {post.medias.map((media, index) => {
        if (hasLanguageTracks(media)) {
          const tracks = (media.variants ?? []).filter((variant) => variant.language_tag !== undefined);
          return (
            <label key={index} className="row-choice small" htmlFor={`${id}-a${index}`}>
              {t('grabList.audio')}
              {numbered(index)}
              <select
                id={`${id}-a${index}`}
                className="input select"
                aria-label={t('grabList.audioOf', { caption, index: index + 1 })}
                value={choices.audioLanguage[index] ?? ''}
                onChange={(event) => onChange({ ...choices, audioLanguage: { ...choices.audioLanguage, [index]: event.target.value } })}
              >
                {tracks.map((track) => (
                  <option key={track.language_tag} value={track.language_tag}>
                    {track.language_name ?? track.language_tag}
                  </option>
                ))}
              </select>
            </label>
          );
        }
        if (media.media_type !== 'video' || !media.variants?.length) return null;
        const ranked = [...media.variants].sort((a, b) => b.quality - a.quality);
        return (
          <label key={index} className="row-choice small" htmlFor={`${id}-q${index}`}>
            {t('grabList.quality')}
            {numbered(index)}
            <select
              id={`${id}-q${index}`}
              className="input select"
              aria-label={t('grabList.qualityOf', { caption, index: index + 1 })}
              value={choices.quality[index] ?? ''}
              onChange={(event) => onChange({ ...choices, quality: { ...choices.quality, [index]: Number(event.target.value) } })}
              data-testid="row-quality"
            >
              {ranked.map((variant) => (
                <option key={`${variant.quality}-${variant.quality_label}`} value={variant.quality}>
                  {variant.quality === ORIGINAL_QUALITY ? t('variant.original') : qualityLabel(variant)}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      {videos > 0 && (
        <label className="check small">
          <input
            type="checkbox"
            checked={choices.saveSubtitles}
            aria-label={t('grabList.subtitlesOf', { caption })}
            onChange={(event) => onChange({ ...choices, saveSubtitles: event.target.checked })}
          />
          {t('grabList.subtitles')}
        </label>
      )}
    </div>
  );
}
