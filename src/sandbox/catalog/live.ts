import { sandboxAuthor } from './common';
import { seededDate } from './seeded';
import { ID, type SiteHandler } from './types';

const HOST = 'live.example';
const SITE = 'live';
const LIVE = new RegExp(`^/(${ID})$`);

/** live.example/<id>: one `live` item (its recording is the combined 360p sample). */
export const liveSite: SiteHandler = {
  host: HOST,
  find(url, ctx) {
    const id = LIVE.exec(url.pathname)?.[1];
    if (!id) return undefined;
    return {
      kind: 'post',
      post: {
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
      },
    };
  },
};
