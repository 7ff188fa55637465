import { z } from 'zod';
import { mediaSchema } from '../../../shared/post';
import type { Media } from '../../../shared/post';
import { omitUndefined } from './omit-undefined';
import { legacyVariantSchema } from './variant';

/** A legacy media item: the v1 shape with `formats` in place of `variants`. */
export const legacyMediaSchema = mediaSchema
  .omit({ variants: true })
  .extend({ formats: z.array(legacyVariantSchema).optional() })
  .transform(({ formats, ...unchanged }): Media => omitUndefined({ ...unchanged, variants: formats }));
