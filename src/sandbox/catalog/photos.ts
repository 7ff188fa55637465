import type { SampleName } from '../media/samples';
import { sandboxAuthor } from './common';
import { postSite } from './post-site';
import { seededDate } from './seeded';
import { ID } from './types';

const HOST = 'photos.example';
const SITE = 'photos';
const IMAGES: readonly SampleName[] = ['image-1.jpg', 'image-2.jpg', 'image-3.jpg'];

/** photos.example/p/<id>: a platform without titles or stats: only `text` and three images. */
export const photosSite = postSite(HOST, new RegExp(`^/p/(${ID})$`), (id, ctx) => ({
  site: SITE,
  id,
  text: `Three sample photos (${id}) from the Trove sandbox #sandbox #photos`,
  medias: IMAGES.map((image) => {
    const imageUrl = ctx.mediaUrl(`${SITE}/${id}/${image}`);
    return { media_type: 'image' as const, resource_url: imageUrl, preview_url: imageUrl };
  }),
  author: sandboxAuthor(SITE, ctx),
  created_at: seededDate(id),
  post_url: `https://${HOST}/p/${id}`,
}));
