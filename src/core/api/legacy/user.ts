import { z } from 'zod';
import type { Author, Profile } from '../../../shared/post';
import { omitUndefined } from './omit-undefined';

/** Legacy `user`: the subject of a post or a playlist page, with `image_url` for the avatar. */
export const legacyUserSchema = z.object({
  username: z.string().optional(),
  display_name: z.string().optional(),
  image_url: z.string().optional(),
  post_count: z.number().int().optional(),
});
export type LegacyUser = z.infer<typeof legacyUserSchema>;

export const userToAuthor = ({ username, display_name, image_url }: LegacyUser): Author =>
  omitUndefined({ username, display_name, avatar_url: image_url });

export const userToProfile = (user: LegacyUser): Profile =>
  omitUndefined({ ...userToAuthor(user), post_count: user.post_count });
