import { GUARD_HEADERS } from '../media/guard';
import { postSite } from './post-site';
import { videoPost } from './video-post';
import { ID } from './types';

const HOST = 'guarded.example';

/** guarded.example/watch/<id>: a video post whose media the host serves only with its `headers`. */
export const guardedSite = postSite(HOST, new RegExp(`^/watch/(${ID})$`), (id, ctx) =>
  videoPost({ site: 'guarded', host: HOST, id, headers: { ...GUARD_HEADERS } }, ctx),
);
