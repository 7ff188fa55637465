import { postSite } from './post-site';
import { seededDate } from './seeded';
import { ID } from './types';

const HOST = 'files.example';
/** Size of a files.example file: deterministic bytes seeded by the id. */
const FILE_SIZE = 65_536;

/** files.example/f/<id>: one `file` item (unknown file type). */
export const filesSite = postSite(HOST, new RegExp(`^/f/(${ID})$`), (id, ctx) => ({
  site: 'files',
  id,
  title: `file-${id}.bin`,
  medias: [{ media_type: 'file', resource_url: ctx.mediaUrl(`blob/${id}/${FILE_SIZE}.bin`) }],
  created_at: seededDate(id),
  post_url: `https://${HOST}/f/${id}`,
}));
