import type { ApiErrorCode } from '../../shared/error-codes';
import { err, ok, type Result } from '../../shared/errors';
import type { Post } from '../../shared/post';
import type { SubtitleResult } from '../../shared/subtitles';
import { SITES } from './sites';
import type { CatalogContext, Found, PlaylistSource, SiteHandler } from './types';

type Resolution<T> = Result<T, ApiErrorCode>;

/** A link the service can read at all: an absolute http(s) URL. Anything else is invalid_url. */
function parseLink(raw: string): URL | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function siteOf(raw: string): Resolution<{ url: URL; site: SiteHandler }> {
  const url = parseLink(raw);
  if (!url) return err('invalid_url');
  const site = SITES.get(url.hostname.toLowerCase());
  return site ? ok({ url, site }) : err('unsupported_site');
}

function find(raw: string, ctx: CatalogContext): Resolution<{ url: URL; found: Found }> {
  const located = siteOf(raw);
  if (!located.ok) return located;
  const found = located.value.site.find(located.value.url, ctx);
  if (found === undefined) return err('unsupported_url');
  return typeof found === 'string' ? err(found) : ok({ url: located.value.url, found });
}

/** The post a link names; a profile or playlist link here is playlist_not_supported. */
export function resolvePost(raw: string, ctx: CatalogContext): Resolution<Post> {
  const result = find(raw, ctx);
  if (!result.ok) return result;
  const { found } = result.value;
  return found.kind === 'post' ? ok(found.post) : err('playlist_not_supported');
}

/** The list a link names, with its normalized URL (what cursors are bound to); a single post is invalid_playlist_url. */
export function resolvePlaylist(raw: string, ctx: CatalogContext): Resolution<{ url: string; playlist: PlaylistSource }> {
  const result = find(raw, ctx);
  if (!result.ok) return result;
  const { url, found } = result.value;
  return found.kind === 'playlist' ? ok({ url: url.href, playlist: found.playlist }) : err('invalid_playlist_url');
}

/** Subtitles of a video; sites without subtitles are unsupported_site. */
export function resolveSubtitles(raw: string, ctx: CatalogContext): Resolution<SubtitleResult> {
  const located = siteOf(raw);
  if (!located.ok) return located;
  const { url, site } = located.value;
  if (!site.subtitles || ctx.subtitlesRefused(site.host)) return err('unsupported_site');
  const result = site.subtitles(url, ctx);
  if (result === undefined) return err('unsupported_url');
  return typeof result === 'string' ? err(result) : ok(result);
}
