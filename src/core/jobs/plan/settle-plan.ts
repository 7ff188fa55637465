import type { Media, Post, Variant } from '../../../shared/post';
import type { QualityPreference } from '../../../shared/settings';
import { chooseAudioTrack, recommendedVariant } from '../../../shared/variant-choice';
import type { MediaPlan, VariantRef } from './media-plan-schema';
import { wholePostPlan } from './media-plan-schema';

/** The default rule, for items nobody chose a variant for: the job's options, else the settings. */
export interface DefaultChoice {
  quality: QualityPreference;
  audioLanguages: readonly string[];
}

export const variantRef = (variant: Variant): VariantRef => ({
  quality: variant.quality,
  ...(variant.language_tag !== undefined ? { languageTag: variant.language_tag } : {}),
});

function defaultVariant(media: Media, rule: DefaultChoice): Variant | undefined {
  const variants = media.variants ?? [];
  if (variants.length === 0) return undefined;
  // An audio item's variants are language tracks; a video's are resolutions.
  if (media.media_type === 'audio') return chooseAudioTrack(variants, rule.audioLanguages);
  return recommendedVariant(media, rule.quality);
}

/**
 * The variant a plan item names, in the post as it is now. A refreshed post that no longer
 * offers it (the service changed its list) falls back to the default rule.
 */
export function variantOf(media: Media, ref: VariantRef | undefined, rule: DefaultChoice): Variant | undefined {
  const found = ref && media.variants?.find((variant) => variant.quality === ref.quality && variant.language_tag === ref.languageTag);
  return found ?? defaultVariant(media, rule);
}

/**
 * The plan with a variant for every item that has variants to choose from: the ones the
 * user chose stay, the others are chosen now by the default rule, once, and kept in the
 * job. A job queued from a bare link has no plan yet: it takes every item of the post.
 */
export function settlePlan(post: Post, plan: MediaPlan | undefined, rule: DefaultChoice): MediaPlan {
  const settled = plan ?? wholePostPlan(post.medias.length);
  return {
    ...settled,
    items: settled.items.map((item) => {
      const media = post.medias[item.mediaIndex];
      if (item.variant || !media) return item;
      const chosen = defaultVariant(media, rule);
      return chosen ? { ...item, variant: variantRef(chosen) } : item;
    }),
  };
}

/** The default rule of one job: its own quality and languages (a `trove get --quality`), else the settings'. */
export const defaultChoiceFor = (
  options: { quality?: QualityPreference; audioLanguages?: readonly string[] },
  settings: { preferredQuality: QualityPreference; audioLanguages: readonly string[] },
): DefaultChoice => ({
  quality: options.quality ?? settings.preferredQuality,
  audioLanguages: options.audioLanguages ?? settings.audioLanguages,
});
