import type { Post } from '../../shared/post';
import type { SubtitleResult } from '../../shared/subtitles';
import { omitEmpty } from './omit-empty';
import type { PlaylistPage } from './page';

/** v1 bodies are the domain model itself, with every field that has no value omitted. */
export const v1Post = (post: Post): Post => omitEmpty(post);

export const v1Subtitles = (result: SubtitleResult): SubtitleResult => omitEmpty(result);

/** The one exception to omission: `next_cursor` is "" on the last page, as the spec says. */
export const v1Playlist = (page: PlaylistPage): Record<string, unknown> => ({
  ...omitEmpty({ site: page.site, posts: page.posts, profile: page.profile }),
  has_more: page.hasMore,
  next_cursor: page.nextCursor,
});
