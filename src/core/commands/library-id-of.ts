import type { Post } from '../../shared/post';
import type { CoreServices } from '../core-services';

/**
 * The library item a post already is: by site and id, else by its link, or the link it was
 * previewed from when it names none (legacy posts have no site). The recognition used before any charged call.
 */
export function libraryIdOfPost({ library }: Pick<CoreServices, 'library'>, post: Post, previewedFrom?: string): number | undefined {
  const postUrl = post.post_url ?? previewedFrom;
  const found = library.findExisting({
    ...(post.site ? { site: post.site } : {}),
    ...(post.id ? { id: post.id } : {}),
    ...(postUrl ? { postUrl } : {}),
  });
  return found.ok && found.value ? found.value.post.id : undefined;
}
