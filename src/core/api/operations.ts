import type { z } from 'zod';
import { creditsSchema } from '../../shared/credits';
import type { Credits } from '../../shared/credits';
import { postSchema } from '../../shared/post';
import type { PlaylistPage, Post } from '../../shared/post';
import type { ApiVersion } from '../../shared/settings';
import { subtitleResultSchema } from '../../shared/subtitles';
import type { SubtitleResult } from '../../shared/subtitles';
import { legacyPlaylistPageSchema } from './legacy/playlist-page';
import { legacyPostSchema } from './legacy/post';
import { v1PlaylistPageSchema } from './v1/playlist-page';
import { pageWithWebLinksOnly, withWebLinksOnly } from './web-links';

/** One endpoint of one API version: where it is, whether a 200 costs credits, how to read its body. */
export interface Operation<T> {
  method: 'GET' | 'POST';
  path: string;
  charged: boolean;
  /** Parses the 200 body into the v1 model (tolerant: unknown fields dropped, non-web page and picture links too). */
  schema: z.ZodType<T>;
}

export interface Operations {
  post: Operation<Post>;
  playlist: Operation<PlaylistPage>;
  subtitles: Operation<SubtitleResult>;
  credits: Operation<Credits>;
}

// Subtitles and credits have the same shape in both versions (v1 only adds `site`).
export const OPERATIONS: Readonly<Record<ApiVersion, Operations>> = {
  v1: {
    post: { method: 'POST', path: '/openapi/v1/extract/post', charged: true, schema: postSchema.transform(withWebLinksOnly) },
    playlist: { method: 'POST', path: '/openapi/v1/extract/playlist', charged: true, schema: v1PlaylistPageSchema.transform(pageWithWebLinksOnly) },
    subtitles: { method: 'POST', path: '/openapi/v1/extract/subtitles', charged: true, schema: subtitleResultSchema },
    credits: { method: 'GET', path: '/openapi/v1/credits', charged: false, schema: creditsSchema },
  },
  legacy: {
    post: { method: 'POST', path: '/openapi/extract/post', charged: true, schema: legacyPostSchema.transform(withWebLinksOnly) },
    playlist: { method: 'POST', path: '/openapi/extract/playlist', charged: true, schema: legacyPlaylistPageSchema.transform(pageWithWebLinksOnly) },
    subtitles: { method: 'POST', path: '/openapi/extract/subtitles', charged: true, schema: subtitleResultSchema },
    credits: { method: 'GET', path: '/openapi/available-credits', charged: false, schema: creditsSchema },
  },
};

/** What each version puts before an operation's own path. */
const PATH_PREFIX: Readonly<Record<ApiVersion, string>> = { v1: '/openapi/v1', legacy: '/openapi' };

/** How the ledger names an operation: "v1 POST /extract/post", the path without the version's prefix. */
export const ledgerEndpoint = (version: ApiVersion, operation: Operation<unknown>): string =>
  `${version} ${operation.method} ${operation.path.slice(PATH_PREFIX[version].length)}`;

/** v1 sends the key as a bearer token, legacy in `x-api-key`. */
export function authHeader(version: ApiVersion, apiKey: string): Record<string, string> {
  return version === 'v1' ? { authorization: `Bearer ${apiKey}` } : { 'x-api-key': apiKey };
}
