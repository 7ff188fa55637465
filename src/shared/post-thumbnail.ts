import type { Post } from './post';

/** The first picture to show for a post: a preview image, or an image item itself. */
export function postThumbnail(post: Pick<Post, 'medias'>): string | undefined {
  for (const media of post.medias) {
    if (media.preview_url) return media.preview_url;
    if (media.media_type === 'image') return media.resource_url;
  }
  return undefined;
}
