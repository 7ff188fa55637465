/** Links previewed at once: each preview may be a charged extraction. */
export const MAX_LINKS = 50;

/**
 * The http(s) links in pasted or dropped text: separated by whitespace (text/plain) or one
 * per line with # comments (text/uri-list). Duplicates and anything else are dropped.
 */
export function parseLinks(text: string): string[] {
  const links: string[] = [];
  for (const token of text.split(/\s+/)) {
    if (token === '' || token.startsWith('#')) continue;
    let url: URL;
    try {
      url = new URL(token);
    } catch {
      continue;
    }
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !links.includes(token)) links.push(token);
  }
  return links;
}

/** The links to preview now (at most MAX_LINKS) and those left for later, which the user must not lose. */
export function firstLinks(text: string): { links: string[]; rest: string[] } {
  const all = parseLinks(text);
  return { links: all.slice(0, MAX_LINKS), rest: all.slice(MAX_LINKS) };
}
