import { MEDIA_TYPES } from '../../../shared/post';
import type { MediaType } from '../../../shared/post';

/*
 * A post's media types as a bit set kept on the post (posts.media_mask, bit i = MEDIA_TYPES[i]),
 * so filtering by type reads one indexed column instead of probing media_items per post.
 */

const bitOf = (type: MediaType): number => 1 << MEDIA_TYPES.indexOf(type);

export const mediaMaskOf = (types: Iterable<MediaType>): number => {
  let mask = 0;
  for (const type of types) mask |= bitOf(type);
  return mask;
};

export const mediaTypesOfMask = (mask: number): MediaType[] => MEDIA_TYPES.filter((type) => (mask & bitOf(type)) !== 0);

/** Every mask that includes `type`: as an IN list the media_mask index answers it with a few seeks. */
export const masksWith = (type: MediaType): number[] =>
  Array.from({ length: 1 << MEDIA_TYPES.length }, (_, mask) => mask).filter((mask) => (mask & bitOf(type)) !== 0);

/** SQL for the mask of the post `postId` (an SQL expression) computed from its media items. */
export const mediaMaskSql = (postId: string): string => `(
  SELECT coalesce(sum(DISTINCT CASE m.media_type ${MEDIA_TYPES.map((type) => `WHEN '${type}' THEN ${bitOf(type)}`).join(' ')} END), 0)
  FROM media_items m WHERE m.post_id = ${postId})`;
