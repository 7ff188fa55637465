import type { Post, Profile } from '../../shared/post';
import { videoPost } from './video-post';
import { videoSubtitles } from './video-subtitles';
import { ID, type CatalogContext, type Found, type SiteHandler } from './types';

const HOST = 'video.example';
const SITE = 'video';
const DEFAULT_POSTS = 45;
/** Keeps a link like @x-99999999 from describing an absurd profile. */
const MAX_POSTS = 100_000;

const WATCH = new RegExp(`^/watch/(${ID})$`);
/** Profiles (/@<name>[-<N>]) and playlists (/playlist/<id>[-<N>]): N posts, default 45. */
const LISTS = [
  { pattern: new RegExp(`^/@(${ID}?)(?:-(\\d+))?$`), label: 'profile', displayName: (name: string) => `Creator ${name}` },
  { pattern: new RegExp(`^/playlist/(${ID}?)(?:-(\\d+))?$`), label: 'playlist', displayName: (name: string) => `Playlist ${name}` },
];

function findList(pathname: string, ctx: CatalogContext): Found | undefined {
  for (const list of LISTS) {
    const [, name, count] = list.pattern.exec(pathname) ?? [];
    if (name === undefined) continue;
    const total = count === undefined ? DEFAULT_POSTS : Number(count);
    if (total > MAX_POSTS) return undefined;
    const profile: Profile = {
      username: name,
      display_name: list.displayName(name),
      avatar_url: ctx.mediaUrl(`${SITE}/${list.label}-${name}/avatar.jpg`),
      post_count: total,
    };
    const author = { username: profile.username, display_name: profile.display_name, avatar_url: profile.avatar_url };
    // Posts added since start (a creator posting between two subscription runs) come first,
    // newest first, dated when they were added; the list's own posts keep their ids.
    const added = ctx.addedPosts(`${list.label}-${name}`);
    const postAt = (index: number): Post => {
      if (index >= added.length) return videoPost({ site: SITE, host: HOST, id: `${name}-${index - added.length + 1}`, author }, ctx);
      const number = added.length - index;
      const post = videoPost({ site: SITE, host: HOST, id: `${name}-new-${number}`, author }, ctx);
      return { ...post, created_at: new Date(added[number - 1] ?? 0).toISOString() };
    };
    return { kind: 'playlist', playlist: { site: SITE, profile: { ...profile, post_count: total + added.length }, total: total + added.length, postAt } };
  }
  return undefined;
}

/** video.example: posts at /watch/<id>, profiles at /@<name>[-<N>], playlists at /playlist/<id>[-<N>]. */
export const videoSite: SiteHandler = {
  host: HOST,
  find(url, ctx) {
    const id = WATCH.exec(url.pathname)?.[1];
    if (id) return { kind: 'post', post: videoPost({ site: SITE, host: HOST, id }, ctx) };
    return findList(url.pathname, ctx);
  },
  subtitles(url, ctx) {
    const id = WATCH.exec(url.pathname)?.[1];
    return id ? videoSubtitles(SITE, id, ctx) : undefined;
  },
};
