import type { Post } from './post';

/** The spec's display caption rule: `title` if present, else `text`, else nothing. */
export function displayCaption(post: Pick<Post, 'title' | 'text'>): string {
  return post.title ?? post.text ?? '';
}
