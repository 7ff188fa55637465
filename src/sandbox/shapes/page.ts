import type { Post, Profile } from '../../shared/post';

/** One page of a playlist, before it is shaped for an API version. */
export interface PlaylistPage {
  site: string;
  profile: Profile;
  posts: Post[];
  hasMore: boolean;
  /** "" on the last page. */
  nextCursor: string;
}
