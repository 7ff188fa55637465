/** Links previewed at once: each preview may be a charged extraction. */
export const MAX_LINKS = 50;

// An address typed without its scheme: a host with a dot ("video.example", "www.site.com/x").
const BARE_ADDRESS = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i;

/** A token as an http(s) link: as given, or completed with https:// when typed without it. */
function asLink(token: string): string | undefined {
  const candidate = !token.includes('://') && BARE_ADDRESS.test(token) ? `https://${token}` : token;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The http(s) links in pasted or dropped text, separated by whitespace (text/plain) or one
 * per line with # comments (text/uri-list), each once; an address typed without https:// is
 * completed. `ignored` is the rest, which the user is told about rather than losing it.
 */
export function readLinks(text: string): { links: string[]; ignored: string[] } {
  const links: string[] = [];
  const ignored: string[] = [];
  for (const token of text.split(/\s+/)) {
    if (token === '' || token.startsWith('#')) continue;
    const link = asLink(token);
    if (link === undefined) ignored.push(token);
    else if (!links.includes(link)) links.push(link);
  }
  return { links, ignored };
}

export const parseLinks = (text: string): string[] => readLinks(text).links;

/** The links to preview now (at most MAX_LINKS), those left for later, and the text that is no link; none of it is lost. */
export function firstLinks(text: string): { links: string[]; rest: string[]; ignored: string[] } {
  const { links: all, ignored } = readLinks(text);
  return { links: all.slice(0, MAX_LINKS), rest: all.slice(MAX_LINKS), ignored };
}
