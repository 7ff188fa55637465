import type { ApiErrorCode } from '../shared/error-codes';
import { err, ok, type Result } from '../shared/errors';
import type { ApiVersion } from './api-version';
import { resolvePlaylist, resolvePost, resolveSubtitles } from './catalog/resolve';
import type { SandboxContext } from './context';
import type { ExtractEndpoint } from './endpoints';
import { failure, type ApiFailure } from './errors';
import type { ExtractRequest } from './extract-request';
import { legacyPlaylist, legacyPost, legacySubtitles } from './shapes/legacy';
import type { PlaylistPage } from './shapes/page';
import { v1Playlist, v1Post, v1Subtitles } from './shapes/v1';

type Extraction = Result<unknown, ApiFailure>;

/**
 * A failed extraction: 400 with the code, except a malformed link on the legacy single-post
 * endpoint, which the legacy API answers with 422 (spec, Versioning).
 */
function extractionFailure(code: ApiErrorCode, endpoint: ExtractEndpoint, version: ApiVersion): Extraction {
  if (code === 'invalid_url' && version === 'legacy' && endpoint === 'post') {
    return err(failure(422, code, { detail: [{ loc: ['body', 'url'], msg: 'Input should be a valid URL', type: 'url_parsing' }] }));
  }
  return err(failure(400, code));
}

function playlistPage(request: ExtractRequest, ctx: SandboxContext): Result<PlaylistPage, ApiErrorCode> {
  const resolved = resolvePlaylist(request.url, ctx.catalog);
  if (!resolved.ok) return resolved;
  const { url, playlist } = resolved.value;
  // An empty cursor is the same as none: the first page.
  const offset = request.cursor ? ctx.cursors.decode(request.cursor, url) : 0;
  if (offset === undefined || (offset > 0 && offset >= playlist.total)) return err('invalid_playlist_url');
  const end = Math.min(playlist.total, offset + ctx.pageSize);
  const posts = Array.from({ length: end - offset }, (_, i) => playlist.postAt(offset + i));
  const hasMore = end < playlist.total;
  return ok({
    site: playlist.site,
    profile: playlist.profile,
    posts,
    hasMore,
    nextCursor: hasMore ? ctx.cursors.encode(url, end) : '',
  });
}

/** Runs one extraction and shapes the 200 body for the API version. */
export function extract(endpoint: ExtractEndpoint, version: ApiVersion, request: ExtractRequest, ctx: SandboxContext): Extraction {
  const v1 = version === 'v1';
  if (endpoint === 'post') {
    const post = resolvePost(request.url, ctx.catalog);
    return post.ok ? ok(v1 ? v1Post(post.value) : legacyPost(post.value)) : extractionFailure(post.error, endpoint, version);
  }
  if (endpoint === 'playlist') {
    const page = playlistPage(request, ctx);
    return page.ok ? ok(v1 ? v1Playlist(page.value) : legacyPlaylist(page.value)) : extractionFailure(page.error, endpoint, version);
  }
  const subtitles = resolveSubtitles(request.url, ctx.catalog);
  return subtitles.ok
    ? ok(v1 ? v1Subtitles(subtitles.value) : legacySubtitles(subtitles.value))
    : extractionFailure(subtitles.error, endpoint, version);
}
