import { ORIGINAL_QUALITY } from './post';
import type { Media, Variant } from './post';

/**
 * What the user prefers: 'best' is the service's recommendation (as in the settings),
 * 'original' the source file, or a height cap (e.g. ≤ 1080p).
 */
export type VariantPreference = 'best' | 'original' | { maxHeight: number };

const byQualityDescending = (a: Variant, b: Variant): number => b.quality - a.quality;

/**
 * The variant to download. Without a preference or with 'best': the service's `is_default`
 * pick, else the highest quality (9999, the original, ranks highest). A height cap takes the highest variant
 * within it (the original's real height is unknown, so it only fits a cap of 9999 or more),
 * or the lowest one when none fits: something to download beats nothing.
 */
export function recommendedVariant(
  media: Pick<Media, 'variants'>,
  preference?: VariantPreference,
): Variant | undefined {
  const ranked = [...(media.variants ?? [])].sort(byQualityDescending);
  const highest = ranked[0];
  if (preference === undefined || preference === 'best') return ranked.find((variant) => variant.is_default === true) ?? highest;
  if (preference === 'original') return ranked.find((variant) => variant.quality === ORIGINAL_QUALITY) ?? highest;
  return ranked.find((variant) => variant.quality <= preference.maxHeight) ?? ranked.at(-1);
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
