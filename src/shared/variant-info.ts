import { ORIGINAL_QUALITY } from './post';
import type { Variant } from './post';

/** Split-stream rule: both a video and an audio URL means two downloads merged into one file. */
export function isSplitStream(variant: Pick<Variant, 'video_url' | 'audio_url'>): boolean {
  return variant.video_url !== undefined && variant.audio_url !== undefined;
}

/** The label to show: quality 9999 is always "Original", anything else as the service gave it. */
export function qualityLabel(variant: Pick<Variant, 'quality' | 'quality_label'>): string {
  return variant.quality === ORIGINAL_QUALITY ? 'Original' : variant.quality_label;
}
