import { GUARD_HEADERS } from '../media/serve-media';
import { videoPost } from './video-post';
import { ID, type SiteHandler } from './types';

const HOST = 'guarded.example';
const WATCH = new RegExp(`^/watch/(${ID})$`);

/** guarded.example/watch/<id>: a video post whose media the host serves only with its `headers`. */
export const guardedSite: SiteHandler = {
  host: HOST,
  find(url, ctx) {
    const id = WATCH.exec(url.pathname)?.[1];
    return id ? { kind: 'post', post: videoPost({ site: 'guarded', host: HOST, id, headers: { ...GUARD_HEADERS } }, ctx) } : undefined;
  },
};
