import type { GrabResult } from '../../shared/contract';
import type { PlaylistPage } from '../../shared/post';
import type { CoreServices } from '../core-services';
import { toLibraryItem } from '../library';

/** How many of the library's newest posts of a profile its card shows. */
const SHOWN = 12;

/**
 * A profile or playlist seen before, answered from the library (0 credits): what Trove
 * stored of it and the library's posts of it. The library keeps no list of a profile's
 * posts, so they are found by the profile's username on its site; a playlist has no
 * username, and its card shows no library posts rather than wrong ones.
 */
export function knownProfile(services: Pick<CoreServices, 'library'>, link: string): GrabResult | undefined {
  const found = services.library.getProfile(link);
  if (!found.ok || !found.value) return undefined;
  const profile = found.value;
  const posts = profile.username
    ? services.library.searchPosts({ author: profile.username, ...(profile.site ? { site: profile.site } : {}), sort: 'created', direction: 'desc', limit: SHOWN })
    : undefined;
  return {
    kind: 'profile',
    profile: {
      ...(profile.site ? { site: profile.site } : {}),
      ...(profile.username ? { username: profile.username } : {}),
      ...(profile.displayName ? { displayName: profile.displayName } : {}),
      ...(profile.postCount !== null ? { postCount: profile.postCount } : {}),
      lastVisitAt: profile.updatedAt,
    },
    ...(posts?.ok ? { library: { items: posts.value.rows.map(toLibraryItem), total: posts.value.total } } : {}),
  };
}

/**
 * A first page bought on a preview makes the profile one Trove has seen (the runner stores
 * its own pages). The preview is already paid for and shown either way: a write the library
 * refuses (a full disk) only means the next visit starts from the service again.
 */
export function rememberProfile(services: Pick<CoreServices, 'library'>, link: string, page: PlaylistPage): void {
  const profile = page.profile;
  services.library.upsertProfile({
    url: link,
    ...(page.site ? { site: page.site } : {}),
    ...(profile?.username ? { username: profile.username } : {}),
    ...(profile?.display_name ? { displayName: profile.display_name } : {}),
    ...(profile?.post_count !== undefined ? { postCount: profile.post_count } : {}),
    ...(profile?.follower_count !== undefined ? { followerCount: profile.follower_count } : {}),
  });
}
