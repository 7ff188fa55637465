import { ORIGINAL_QUALITY } from './post';
import type { Media, Variant } from './post';
import type { QualityPreference } from './settings';

const byQualityDescending = (a: Variant, b: Variant): number => b.quality - a.quality;

/**
 * The variant to download for the settings' quality preference, one rule for the preview
 * and the download. 'recommended' (the default): the service's `is_default` pick, else the
 * highest. 'best': the highest quality offered (9999, the original, ranks highest).
 * 'original': quality 9999 when offered, else the highest. A height cap takes the highest
 * variant within it (the original's real height is unknown, so it never fits a cap), or the
 * lowest one when none fits: something to download beats nothing.
 */
export function recommendedVariant(media: Pick<Media, 'variants'>, preference: QualityPreference = 'recommended'): Variant | undefined {
  const ranked = [...(media.variants ?? [])].sort(byQualityDescending);
  const highest = ranked[0];
  if (preference === 'recommended') return ranked.find((variant) => variant.is_default === true) ?? highest;
  if (preference === 'best') return highest;
  if (preference === 'original') return ranked.find((variant) => variant.quality === ORIGINAL_QUALITY) ?? highest;
  return ranked.find((variant) => variant.quality <= preference) ?? ranked.at(-1);
}

const primarySubtag = (tag: string): string => tag.split('-')[0] ?? tag;

/**
 * The audio track for a list of preferred BCP 47 languages, in order: an exact tag match
 * (case-insensitive), else the same primary language (`en` matches `en-US`, `pt-BR` matches
 * `pt`), then the next preference; failing all, the `is_default` track, else the first.
 */
export function chooseAudioTrack(variants: readonly Variant[], preferredLanguages: readonly string[]): Variant | undefined {
  const tagged = variants.filter((variant) => variant.language_tag !== undefined);
  for (const preferred of preferredLanguages.map((language) => language.toLowerCase())) {
    const exact = tagged.find((variant) => variant.language_tag?.toLowerCase() === preferred);
    if (exact) return exact;
    const sameLanguage = tagged.find(
      (variant) => primarySubtag(variant.language_tag?.toLowerCase() ?? '') === primarySubtag(preferred),
    );
    if (sameLanguage) return sameLanguage;
  }
  return variants.find((variant) => variant.is_default === true) ?? variants[0];
}
