import type { LibraryDetail, LibraryItem } from '../../shared/library';
import { formatBytes } from '../format-units';

export function libraryItemLine(item: LibraryItem): string {
  const author = item.authorName ?? item.authorUsername;
  return [
    `#${item.id}`,
    item.caption || '(no caption)',
    ...(author !== undefined ? [`— ${author}`] : []),
    ...(item.site !== undefined ? [`site:${item.site}`] : []),
    [...new Set(item.mediaTypes)].join('+'),
    formatBytes(item.totalSize),
  ].join('  ');
}

/** `words`: the search typed, if any (no hits for it is not an empty library). */
export function libraryListLines(items: readonly LibraryItem[], total: number, offset: number, words?: string): string[] {
  if (items.length === 0) {
    if (total > 0) return [`Nothing here: ${words === undefined ? 'the library has' : 'the search found'} ${total} ${total === 1 ? 'post' : 'posts'}.`];
    return [words === undefined ? 'The library is empty.' : `No post matches "${words}".`];
  }
  return [...items.map(libraryItemLine), `(${offset + 1}–${offset + items.length} of ${total})`];
}

export function libraryDetailLines(detail: LibraryDetail): string[] {
  const stats = [
    ...(detail.stats.viewCount !== undefined ? [`${detail.stats.viewCount} views`] : []),
    ...(detail.stats.likeCount !== undefined ? [`${detail.stats.likeCount} likes`] : []),
  ];
  return [
    libraryItemLine(detail),
    ...(detail.text !== undefined && detail.text !== detail.caption ? [detail.text] : []),
    ...(detail.postUrl !== undefined ? [`link: ${detail.postUrl}`] : []),
    ...(detail.createdAt !== undefined ? [`posted: ${detail.createdAt}`] : []),
    ...(stats.length > 0 ? [stats.join(', ')] : []),
    ...detail.files.map(
      (file) => `file: ${file.path}  ${file.kind}  ${formatBytes(file.size)}${file.codecs !== undefined ? `  ${file.codecs}` : ''}${file.exists ? '' : '  (missing)'}`,
    ),
    ...detail.subtitles.map((subtitle) => `subtitles: ${subtitle.path}  ${subtitle.languageName ?? subtitle.languageTag}  ${subtitle.format}`),
  ];
}
