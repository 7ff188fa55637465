import { z } from 'zod';
import { libraryQuerySchema } from '../../../shared/library';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date bound: epoch ms, or an ISO 8601 string as the contract carries it. */
const dateBound = (end: boolean) =>
  z
    .union(
      [
        z.number().int(),
        z
          .string()
          .max(40)
          .refine((text) => !Number.isNaN(Date.parse(text)))
          // a bare day as the end of a range includes that whole day
          .transform((text) => Date.parse(text) + (end && DATE_ONLY.test(text) ? DAY_MS : 0)),
      ],
      // one message for both forms: a union's own says only "Invalid input"
      { error: 'Expected an ISO 8601 date (2025-06-01 or 2025-06-01T12:00:00Z) or epoch milliseconds.' },
    )
    .optional();

/**
 * A library query: the contract's `library.search` input, plus what the engine also
 * offers. `from` is inclusive and `to` exclusive, on the post's creation date unless
 * `dateField` says "added". Paging is by `offset`, or by the opaque `cursor` of the
 * previous page (stable while posts are added).
 */
export const searchPostsInputSchema = libraryQuerySchema
  .extend({
    from: dateBound(false),
    to: dateBound(true),
    dateField: z.enum(['created', 'added']).default('created'),
    cursor: z.string().min(1).max(2000).optional(),
  })
  .refine((input) => input.cursor === undefined || input.offset === 0, {
    message: 'Give either offset or cursor, not both.',
  });

export type SearchPostsInput = z.input<typeof searchPostsInputSchema>;
export type SearchPostsQuery = z.output<typeof searchPostsInputSchema>;
export type SearchSort = SearchPostsQuery['sort'];
