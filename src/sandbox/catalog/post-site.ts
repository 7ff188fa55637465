import type { Post } from '../../shared/post';
import type { CatalogContext, SiteHandler } from './types';

/** A site whose only page is a single post at `pattern` (group 1 = the post id). */
export const postSite = (host: string, pattern: RegExp, build: (id: string, ctx: CatalogContext) => Post): SiteHandler => ({
  host,
  find(url, ctx) {
    const id = pattern.exec(url.pathname)?.[1];
    return id ? { kind: 'post', post: build(id, ctx) } : undefined;
  },
});
