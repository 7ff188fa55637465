const MAX_EXTERNAL_URL = 4096;

/**
 * Whether a URL may be handed to the system browser: http(s) only, with a host, no
 * credentials, no control characters. Everything else (file:, javascript:, custom
 * schemes that could launch other programs) is refused.
 */
export function isSafeExternalUrl(candidate: string): boolean {
  if (candidate.length === 0 || candidate.length > MAX_EXTERNAL_URL) return false;
  // Control characters and spaces are stripped or rejected inconsistently by URL parsers.
  if ([...candidate].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return false;
  return true;
}
