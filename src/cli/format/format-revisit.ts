import type { GrabResult } from '../../shared/contract';
import { newSinceLastVisit } from '../../shared/new-posts';

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
  const firstKnown = newSinceLastVisit(result.page.posts.length, result.inLibrary);
  if (firstKnown === undefined) return lines;
  if (firstKnown === 0) lines.push('No new posts since your last visit.');
  else lines.push(`${firstKnown} new ${firstKnown === 1 ? 'post' : 'posts'} since your last visit: \`trove get --sync ${link}\` downloads them.`);
  return lines;
}

/** A profile seen before, from the library (no charge), and the priced ways on from there. */
export function knownProfileLines(result: Extract<GrabResult, { kind: 'profile' }>, link: string): string[] {
  const { profile, library } = result;
  const name = profile.displayName ?? profile.username ?? link;
  return [
    `${name}${profile.username !== undefined ? ` (@${profile.username})` : ''}${profile.postCount !== undefined ? `, ${profile.postCount} posts` : ''}`,
    `Seen before: last visit ${new Date(profile.lastVisitAt).toLocaleString()}.`,
    ...(library ? [`In your library: ${library.total} ${library.total === 1 ? 'post' : 'posts'}${library.total > 0 ? ', newest first:' : '.'}`] : []),
    ...(library?.items ?? []).map((item, index) => `  ${index + 1}. ${item.caption || '(no caption)'}  #${item.id}`),
    '',
    '(from the library, not charged)',
    `Its first page, to see what is new: \`trove extract --recheck ${link}\` (charged). The new posts: \`trove get --sync ${link}\`.`,
  ];
}
