import type { Result } from './errors';

const MAX_LINK_LENGTH = 4096;
// C0/C1 controls, and the invisible marks that make a link look like another one.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

/**
 * Checks what a user pasted before anything is sent to the service: a single absolute
 * http(s) link with a host. Returns the normalized link (as the URL parser writes it).
 */
export function parseLink(text: string): Result<string> {
  const trimmed = text.trim();
  const fail = (message: string): Result<string> => ({ ok: false, error: { code: 'invalid_link', message } });
  if (trimmed === '') return fail('Paste a link first.');
  if (trimmed.length > MAX_LINK_LENGTH) return fail(`That link is too long (over ${MAX_LINK_LENGTH} characters).`);
  if (FORBIDDEN_CHARACTERS.test(trimmed)) return fail('That link contains invisible or control characters.');
  if (/\s/u.test(trimmed)) return fail('That is more than one link, or a link with spaces in it.');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return fail('That is not a link. Links start with https:// or http://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return fail(`Trove only opens http and https links, not ${url.protocol.replace(/:$/, '')}: links.`);
  }
  if (url.hostname === '') return fail('That link has no host name.');
  if (url.username || url.password) return fail('Links with a user name or password in them are not accepted.');
  return { ok: true, value: url.href };
}

/** Every http(s) link in a pasted or dropped block of text, in order, without repeats. */
export function findLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/giu) ?? [];
  return [...new Set(found.map((link) => link.replace(/[),.;!?]+$/u, '')))];
}

const PROFILE_PATTERNS = [
  /^\/@[^/]+\/?$/u,
  /^\/(?:user|users|u|c|channel|profile|creator)\/[^/]+\/?$/iu,
  /^\/(?:playlist|playlists|list|album|collection|collections|sets?)\b/iu,
  /^\/(?:tag|tags|hashtag|explore\/tags|topic|topics)\//iu,
];

/**
 * A first guess at what a link points to, so the cheaper right endpoint is tried first.
 * The service decides: a wrong guess costs only a free 400 and the other endpoint is tried.
 */
export function guessLinkKind(link: string): 'post' | 'playlist' {
  let path: string;
  try {
    path = new URL(link).pathname;
  } catch {
    return 'post';
  }
  if (new URL(link).searchParams.has('list') && !/\/watch\b/u.test(path)) return 'playlist';
  return PROFILE_PATTERNS.some((pattern) => pattern.test(path)) ? 'playlist' : 'post';
}
