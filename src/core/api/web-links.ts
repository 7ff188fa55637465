import type { Media, PlaylistPage, Post, Profile } from '../../shared/post';

/*
 * Links Trove shows or opens — a post's page, previews, avatars — must be web links. Any
 * other scheme from the service (javascript:, file:, data:, a custom one) is treated as
 * absent, as the spec treats a field without a value. Media URLs are left alone: the
 * downloader refuses them with an error the user sees, instead of a silently empty post.
 */

const isWebLink = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
};

/** `record` without `key` unless it holds a web link. */
function keepWebLink<T extends object, K extends keyof T>(record: T, key: K): T {
  const value = record[key];
  if (typeof value !== 'string' || isWebLink(value)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}

const media = (item: Media): Media => keepWebLink(item, 'preview_url');
const profile = (subject: Profile): Profile => keepWebLink(subject, 'avatar_url');

export function withWebLinksOnly(post: Post): Post {
  const checked = keepWebLink({ ...post, medias: post.medias.map(media) }, 'post_url');
  return post.author ? { ...checked, author: keepWebLink(post.author, 'avatar_url') } : checked;
}

export function pageWithWebLinksOnly(page: PlaylistPage): PlaylistPage {
  const posts = { ...page, posts: page.posts.map(withWebLinksOnly) };
  return page.profile ? { ...posts, profile: profile(page.profile) } : posts;
}
