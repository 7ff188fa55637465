import { z } from 'zod';
import { postSchema } from '../../../shared/post';
import type { Post } from '../../../shared/post';
import { legacyMediaSchema } from './media';
import { omitUndefined } from './omit-undefined';
import { legacyUserSchema, userToAuthor } from './user';

/**
 * A legacy post → the v1 model. Legacy has one caption, `text` (the title on sites with
 * titles, the body elsewhere); it cannot be told apart, so it stays `text` and `title` is
 * absent — the display caption rule shows it either way. `user` becomes `author`.
 */
export const legacyPostSchema = postSchema
  .omit({ site: true, title: true, medias: true, author: true })
  .extend({ medias: z.array(legacyMediaSchema), user: legacyUserSchema.optional() })
  .transform(({ user, ...unchanged }): Post => omitUndefined({ ...unchanged, author: user && userToAuthor(user) }));
