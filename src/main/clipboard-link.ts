import { isSafeExternalUrl } from './external-url';

const MAX_LINK = 4096;

/**
 * The link to offer for a clipboard text: one http(s) URL and nothing else, not the one
 * offered last. Prose with a link inside, multi-line text and other schemes are ignored,
 * so copying ordinary text never pops anything up.
 */
export function offerableLink(text: string, lastOffered: string | undefined): string | undefined {
  const candidate = text.trim();
  if (candidate.length === 0 || candidate.length > MAX_LINK || /\s/.test(candidate)) return undefined;
  if (!isSafeExternalUrl(candidate) || candidate === lastOffered) return undefined;
  return candidate;
}
