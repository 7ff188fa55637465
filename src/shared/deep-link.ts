import type { Result } from './errors';
import { parseLink } from './links';

/*
 * "Send to Trove": a page in the browser hands its link over as trove://grab?url=<link>
 * (a bookmarklet, or any site that links to it). Whoever can make the user click a link
 * can send one, so the link is parsed strictly and only ever fills the Grab box: nothing
 * is previewed, bought or downloaded until the user presses Preview.
 */

export const DEEP_LINK_SCHEME = 'trove';
const MAX_DEEP_LINK = 8192;

export interface DeepLink {
  kind: 'grab';
  /** The page's link, checked as a pasted link is (http or https, a host, no credentials). */
  url: string;
}

const refuse = (message: string): Result<DeepLink> => ({ ok: false, error: { code: 'invalid_link', message } });

/** The one shape accepted: trove://grab?url=<encoded http(s) link>, nothing else in it. */
export function parseDeepLink(raw: string): Result<DeepLink> {
  if (raw.length > MAX_DEEP_LINK) return refuse(`That Trove link is too long (over ${MAX_DEEP_LINK} characters).`);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return refuse('That is not a Trove link.');
  }
  if (parsed.protocol !== `${DEEP_LINK_SCHEME}:`) return refuse('That is not a Trove link.');
  // Windows hands the link over with a slash added before the query ("trove://grab/?url=").
  if (parsed.hostname.toLowerCase() !== 'grab' || (parsed.pathname !== '' && parsed.pathname !== '/') || parsed.hash !== '') {
    return refuse('Trove links can only open Grab with a link.');
  }
  if (parsed.username !== '' || parsed.password !== '' || parsed.port !== '') return refuse('Trove links can only open Grab with a link.');
  const keys = [...parsed.searchParams.keys()];
  if (keys.length !== 1 || keys[0] !== 'url') return refuse('A Trove link carries one link to grab and nothing else.');
  const link = parseLink(parsed.searchParams.get('url') ?? '');
  if (!link.ok) return link;
  return { ok: true, value: { kind: 'grab', url: link.value } };
}

/** The trove:// link that opens Grab with `url` filled in. */
export const grabDeepLink = (url: string): string => `${DEEP_LINK_SCHEME}://grab?url=${encodeURIComponent(url)}`;

/**
 * The trove:// link on a command line: how Windows and Linux start the app (or hand over to
 * the running one) for a link. Chromium's own switches come first, so the last one wins.
 */
export function deepLinkArgument(argv: readonly string[]): string | undefined {
  return argv.findLast((argument) => argument.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
}
