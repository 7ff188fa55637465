const MAX_LINKS = 50;

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
    if (links.length === MAX_LINKS) break;
  }
  return links;
}
