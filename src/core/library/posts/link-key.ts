/**
 * The key two links to the same post or profile share, normalized lightly: scheme and host
 * lowercased (the URL parser does that), default port, fragment and trailing slashes
 * dropped. The query is kept, since many sites put the post id there. A string that is
 * not a URL is kept as it is (trimmed), so an exact repeat still matches.
 */
export function linkKey(link: string): string {
  const trimmed = link.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return trimmed;
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}${url.search}`;
}
