import { apiErrorCodeSchema, type ApiErrorCode } from '../../shared/error-codes';
import { videoPost } from './video-post';
import { videoSubtitles } from './video-subtitles';
import { ID, type CatalogContext, type SiteHandler } from './types';

const HOST = 'error.example';
const SITE = 'error';
const FLAKY = new RegExp(`^/flaky-(\\d+)/(${ID})$`);
/** The code a flaky link fails with: retryable by the shared table. */
const FLAKY_CODE: ApiErrorCode = 'retryable';

/** The code of error.example/<code>, or the id of a flaky link that has failed often enough. */
function trigger(url: URL, ctx: CatalogContext): ApiErrorCode | { id: string } | undefined {
  const code = apiErrorCodeSchema.safeParse(url.pathname.slice(1));
  if (code.success) return code.data;
  const [, times, id] = FLAKY.exec(url.pathname) ?? [];
  if (times === undefined || id === undefined) return undefined;
  return ctx.attempt(url.href) <= Number(times) ? FLAKY_CODE : { id };
}

/**
 * error.example: /<code> fails with that code (every one of the 18) on every endpoint;
 * /flaky-<n>/<id> fails n times (counted per link) with a retryable code, then answers as a
 * video.example post and its subtitles would.
 */
export const errorSite: SiteHandler = {
  host: HOST,
  find(url, ctx) {
    const found = trigger(url, ctx);
    if (typeof found !== 'object') return found;
    return { kind: 'post', post: videoPost({ site: SITE, host: HOST, id: found.id }, ctx) };
  },
  subtitles(url, ctx) {
    const found = trigger(url, ctx);
    return typeof found === 'object' ? videoSubtitles(SITE, found.id, ctx) : found;
  },
};
