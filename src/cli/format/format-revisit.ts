import type { GrabResult } from '../../shared/contract';

/**
 * What a profile seen before says on its first page: an answer bought moments ago shown
 * again free (and how to buy a fresh one), and how many posts come before the first one
 * already in the library, which is what `--sync` would download (the engine's sync rule).
 */
export function revisitLines(result: GrabResult, link: string, cursor: string | undefined): string[] {
  if (result.kind !== 'playlist') return [];
  const lines: string[] = [];
  if (result.reusedFrom !== undefined) {
    lines.push(`Shown again from ${new Date(result.reusedFrom).toLocaleTimeString()}: no charge. Add --recheck to ask the service again (charged).`);
  }
  if (cursor !== undefined) return lines;
  const firstKnown = result.page.posts.findIndex((_post, index) => result.inLibrary[String(index)] !== undefined);
  // No post of the first page in the library: nothing tells where the last visit ended.
  if (firstKnown === -1) return lines;
  if (firstKnown === 0) lines.push('No new posts since your last visit.');
  else lines.push(`${firstKnown} new ${firstKnown === 1 ? 'post' : 'posts'} since your last visit: \`trove get --sync ${link}\` downloads them.`);
  return lines;
}
