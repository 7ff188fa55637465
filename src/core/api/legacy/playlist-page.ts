import { z } from 'zod';
import type { PlaylistPage } from '../../../shared/post';
import { normalizedCursor, requireCursorWhileMore } from '../page-cursor';
import { omitUndefined } from './omit-undefined';
import { legacyPostSchema } from './post';
import { legacyUserSchema, userToProfile } from './user';

/** A legacy playlist page: `next_cursor` only while has_more, and `user` for the profile. */
export const legacyPlaylistPageSchema = z
  .object({
    next_cursor: z.string().optional(),
    has_more: z.boolean(),
    posts: z.array(legacyPostSchema),
    user: legacyUserSchema.optional(),
  })
  .superRefine(requireCursorWhileMore)
  .transform(
    (page): PlaylistPage =>
      omitUndefined({
        posts: page.posts,
        has_more: page.has_more,
        next_cursor: normalizedCursor(page),
        profile: page.user && userToProfile(page.user),
      }),
  );
