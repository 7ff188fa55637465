/**
 * On a profile's first page, how many posts come before the first one already in the
 * library: what a sync would download, and so the posts new since the last visit. Undefined
 * when no post of the page is in the library (nothing tells where the last visit ended).
 */
export function newSinceLastVisit(postCount: number, inLibrary: Readonly<Record<string, number>>): number | undefined {
  for (let index = 0; index < postCount; index++) {
    if (inLibrary[String(index)] !== undefined) return index;
  }
  return undefined;
}
