import type { Author, Stats } from '../../shared/post';
import type { CatalogContext } from './types';
import { seededInt } from './seeded';

/** The creator of every catalog post that does not belong to a profile. */
export function sandboxAuthor(site: string, ctx: CatalogContext): Author {
  return {
    username: 'sandbox_creator',
    display_name: 'Sandbox Creator',
    avatar_url: ctx.mediaUrl(`${site}/sandbox_creator/avatar.jpg`),
  };
}

export const seededStats = (id: string): Stats => ({
  view_count: seededInt(`views:${id}`, 1_000_000),
  like_count: seededInt(`likes:${id}`, 100_000),
});
