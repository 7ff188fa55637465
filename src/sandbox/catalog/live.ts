import { sandboxAuthor } from './common';
import { postSite } from './post-site';
import { seededDate } from './seeded';
import { ID } from './types';

const HOST = 'live.example';
const SITE = 'live';

/** live.example/<id>: one `live` item (its recording is the combined 360p sample). */
export const liveSite = postSite(HOST, new RegExp(`^/(${ID})$`), (id, ctx) => ({
  site: SITE,
  id,
  title: `Live ${id}`,
  medias: [
    {
      media_type: 'live',
      resource_url: ctx.mediaUrl(`${SITE}/${id}/video-360.mp4`),
      preview_url: ctx.mediaUrl(`${SITE}/${id}/preview.jpg`),
    },
  ],
  author: sandboxAuthor(SITE, ctx),
  created_at: seededDate(id),
  post_url: `https://${HOST}/${id}`,
}));
