import type { Author, Media, Post, Variant } from '../../shared/post';
import type { SubtitleResult } from '../../shared/subtitles';
import { omitEmpty } from './omit-empty';
import type { PlaylistPage } from './page';

/*
 * The legacy shapes (spec, Versioning): one caption `text` (the title where the site has
 * titles), `formats` with the old variant names and a `separate` 1/0 split flag, `user`
 * instead of `author`/`profile`, no `site`. Fields without a value are omitted here too.
 */

const legacyUser = (author: Author | undefined): Record<string, unknown> | undefined =>
  author && { username: author.username, image_url: author.avatar_url };

const legacyFormat = (variant: Variant): Record<string, unknown> => ({
  quality: variant.quality,
  quality_note: variant.quality_label,
  fps: variant.fps,
  video_url: variant.video_url,
  video_ext: variant.video_ext,
  video_codec: variant.video_codec,
  video_size: variant.video_filesize,
  audio_url: variant.audio_url,
  audio_ext: variant.audio_ext,
  audio_codec: variant.audio_codec,
  audio_size: variant.audio_filesize,
  language_tag: variant.language_tag,
  language_name: variant.language_name,
  default: variant.is_default,
  separate: variant.video_url !== undefined && variant.audio_url !== undefined ? 1 : 0,
});

const legacyMedia = (media: Media): Record<string, unknown> => ({
  media_type: media.media_type,
  resource_url: media.resource_url,
  preview_url: media.preview_url,
  duration: media.duration,
  formats: media.variants?.map(legacyFormat),
  headers: media.headers,
});

const legacyPostFields = (post: Post): Record<string, unknown> => ({
  id: post.id,
  text: post.title ?? post.text,
  medias: post.medias.map(legacyMedia),
  user: legacyUser(post.author),
  stats: post.stats,
  created_at: post.created_at,
  post_url: post.post_url,
});

export const legacyPost = (post: Post): Record<string, unknown> => omitEmpty(legacyPostFields(post));

/** `next_cursor` only while has_more is true; the subject of the page as `user`. */
export const legacyPlaylist = (page: PlaylistPage): Record<string, unknown> =>
  omitEmpty({
    next_cursor: page.hasMore ? page.nextCursor : undefined,
    has_more: page.hasMore,
    posts: page.posts.map(legacyPostFields),
    user: legacyUser(page.profile),
  });

export const legacySubtitles = (result: SubtitleResult): Record<string, unknown> => {
  const { site: _site, ...rest } = result;
  return omitEmpty(rest);
};
