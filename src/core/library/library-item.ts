import type { LibraryDetail, LibraryItem } from '../../shared/library';
import type { LibraryPost, LibraryPostDetail } from './library-types';

/** The contract leaves absent values out; the store says null. */
const optional = <T>(value: T | null): T | undefined => value ?? undefined;

/** A stored post as the contract lists it (`library.search`, duplicates). */
export const toLibraryItem = (post: LibraryPost): LibraryItem => ({
  id: post.id,
  site: optional(post.site),
  platformId: optional(post.platformId),
  postUrl: optional(post.postUrl),
  caption: post.caption,
  text: optional(post.text),
  authorName: optional(post.author.displayName),
  authorUsername: optional(post.author.username),
  createdAt: post.createdAt === null ? undefined : new Date(post.createdAt).toISOString(),
  addedAt: post.addedAt,
  mediaTypes: post.mediaTypes,
  thumbnailPath: optional(post.previewPath),
  totalSize: post.totalSize,
  hasSubtitles: post.hasSubtitles,
});

/** A stored post as the contract details it (`library.get`); whether each file is still on disk is asked of the caller. */
export const toLibraryDetail = (post: LibraryPostDetail, fileExists: (path: string) => boolean): LibraryDetail => ({
  ...toLibraryItem(post),
  stats: { viewCount: optional(post.stats.viewCount), likeCount: optional(post.stats.likeCount) },
  authorAvatarPath: optional(post.author.avatarPath),
  files: post.files.map((file) => ({
    id: file.id,
    path: file.path,
    size: file.size,
    kind: file.kind,
    mediaIndex: optional(file.mediaIndex),
    codecs: optional(file.codecs),
    exists: fileExists(file.path),
  })),
  subtitles: post.subtitles.map((subtitle) => ({
    languageTag: subtitle.languageTag,
    languageName: optional(subtitle.languageName),
    format: subtitle.format,
    path: subtitle.path,
  })),
});
