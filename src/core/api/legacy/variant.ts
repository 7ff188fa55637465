import { z } from 'zod';
import { variantSchema } from '../../../shared/post';
import type { Variant } from '../../../shared/post';
import { omitUndefined } from './omit-undefined';

/** `default` (like `separate`) may come as 1/0 rather than a boolean. */
const legacyFlag = z.union([z.boolean(), z.number()]).transform((flag) => flag === true || flag === 1);

/**
 * A legacy `formats[]` entry → a v1 variant: `quality_note` → `quality_label`,
 * `video_size`/`audio_size` → `*_filesize`, `default` → `is_default`. The split flag
 * `separate` is dropped (not in the schema): the split-stream rule replaces it.
 */
export const legacyVariantSchema = variantSchema
  .omit({ quality_label: true, video_filesize: true, audio_filesize: true, is_default: true })
  .extend({
    quality_note: z.string(),
    video_size: z.number().int().optional(),
    audio_size: z.number().int().optional(),
    default: legacyFlag.optional(),
  })
  .transform(
    ({ quality_note, video_size, audio_size, default: isDefault, ...unchanged }): Variant =>
      omitUndefined({
        ...unchanged,
        quality_label: quality_note,
        video_filesize: video_size,
        audio_filesize: audio_size,
        is_default: isDefault,
      }),
  );
