import { useTranslation } from 'react-i18next';
import { ORIGINAL_QUALITY } from '../../../shared/post';
import type { Variant } from '../../../shared/post';
import { isSplitStream, qualityLabel } from '../../../shared/variant-info';
import { formatBytes } from '../format/format';

interface VariantPickerProps {
  name: string;
  mediaNumber: number;
  variants: readonly Variant[];
  chosen: number | undefined;
  onChoose: (quality: number) => void;
}

const sizeOf = (variant: Variant): number | undefined =>
  variant.video_filesize === undefined && variant.audio_filesize === undefined
    ? undefined
    : (variant.video_filesize ?? 0) + (variant.audio_filesize ?? 0);

/** The resolutions of one video, best first: label, split or single file, size when known. */
export function VariantPicker({ name, mediaNumber, variants, chosen, onChoose }: VariantPickerProps) {
  const { t, i18n } = useTranslation();
  const ranked = [...variants].sort((a, b) => b.quality - a.quality);
  return (
    <fieldset className="segmented" data-testid="variant-picker">
      <legend>{t('variant.legend', { index: mediaNumber })}</legend>
      {ranked.map((variant) => {
        const size = sizeOf(variant);
        const label = variant.quality === ORIGINAL_QUALITY ? t('variant.original') : qualityLabel(variant);
        return (
          <label key={`${variant.quality}-${variant.quality_label}`} className="choice" data-quality={variant.quality}>
            <input type="radio" name={name} value={variant.quality} checked={chosen === variant.quality} onChange={() => onChoose(variant.quality)} />
            <span className="choice-title">
              {label}
              {variant.is_default && <span className="badge badge-accent choice-badge">{t('variant.recommended')}</span>}
            </span>
            <span className="small muted">{isSplitStream(variant) ? t('variant.split') : t('variant.single')}</span>
            <span className="small muted">
              {size === undefined ? t('variant.sizeUnknown') : formatBytes(size, i18n.language)}
              {variant.fps !== undefined && ` · ${t('variant.fps', { fps: variant.fps })}`}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

interface AudioPickerProps {
  name: string;
  mediaNumber: number;
  variants: readonly Variant[];
  chosen: string | undefined;
  onChoose: (languageTag: string) => void;
}

/** The language tracks of a multi-track audio item. */
export function AudioTrackPicker({ name, mediaNumber, variants, chosen, onChoose }: AudioPickerProps) {
  const { t } = useTranslation();
  const tracks = variants.filter((variant): variant is Variant & { language_tag: string } => variant.language_tag !== undefined);
  return (
    <fieldset className="segmented" data-testid="audio-picker">
      <legend>{t('variant.audioLegend', { index: mediaNumber })}</legend>
      {tracks.map((track) => (
        <label key={track.language_tag} className="choice">
          <input type="radio" name={name} value={track.language_tag} checked={chosen === track.language_tag} onChange={() => onChoose(track.language_tag)} />
          <span className="choice-title">
            {track.language_name ?? track.language_tag}
            {track.is_default && <span className="badge badge-accent choice-badge">{t('variant.recommended')}</span>}
          </span>
          <span className="small muted mono">{track.language_tag}</span>
        </label>
      ))}
    </fieldset>
  );
}
