import { seededDate } from './seeded';
import { ID, type SiteHandler } from './types';

const HOST = 'files.example';
const FILE = new RegExp(`^/f/(${ID})$`);
/** Size of a files.example file: deterministic bytes seeded by the id. */
export const FILE_SIZE = 65_536;

/** files.example/f/<id>: one `file` item (unknown file type). */
export const filesSite: SiteHandler = {
  host: HOST,
  find(url, ctx) {
    const id = FILE.exec(url.pathname)?.[1];
    if (!id) return undefined;
    return {
      kind: 'post',
      post: {
        site: 'files',
        id,
        title: `file-${id}.bin`,
        medias: [{ media_type: 'file', resource_url: ctx.mediaUrl(`blob/${id}/${FILE_SIZE}.bin`) }],
        created_at: seededDate(id),
        post_url: `https://${HOST}/f/${id}`,
      },
    };
  },
};
