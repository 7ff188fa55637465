import { z } from 'zod';
import { mediaTypeSchema } from '../../shared/post';

export const SEARCH_SORTS = ['added', 'created', 'title', 'size'] as const;

/**
 * A library query, as the faces send it (strict: unknown keys are refused). Dates are
 * milliseconds since the epoch, `from` inclusive and `to` exclusive, on the post's
 * creation date unless `dateField` says "added". Paging is by `offset`, or by the opaque
 * `cursor` of the previous page (stable while rows are added).
 */
export const searchPostsInputSchema = z
  .object({
    query: z.string().max(1000).optional(),
    site: z.string().min(1).optional(),
    mediaType: mediaTypeSchema.optional(),
    author: z.string().min(1).optional(),
    from: z.number().int().optional(),
    to: z.number().int().optional(),
    dateField: z.enum(['created', 'added']).default('created'),
    hasSubtitles: z.boolean().optional(),
    sort: z.enum(SEARCH_SORTS).default('added'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().nonnegative().optional(),
    cursor: z.string().min(1).optional(),
  })
  .strict()
  .refine((input) => input.offset === undefined || input.cursor === undefined, {
    message: 'Give either offset or cursor, not both.',
  });

export type SearchPostsInput = z.input<typeof searchPostsInputSchema>;
export type SearchPostsQuery = z.output<typeof searchPostsInputSchema>;
export type SearchSort = (typeof SEARCH_SORTS)[number];
