import { z } from 'zod';
import { playlistPageSchema } from '../../../shared/post';
import type { PlaylistPage } from '../../../shared/post';
import { normalizedCursor, requireCursorWhileMore } from '../page-cursor';

/**
 * A v1 playlist page. The spec sends "" as the last cursor but also omits empty fields, so
 * a missing `next_cursor` on the last page is accepted.
 */
export const v1PlaylistPageSchema = playlistPageSchema
  .extend({ next_cursor: z.string().optional() })
  .superRefine(requireCursorWhileMore)
  .transform((page): PlaylistPage => ({ ...page, next_cursor: normalizedCursor(page) }));
