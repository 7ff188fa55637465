import { z } from 'zod';
import { mediaTypeSchema } from './post';

/** A post as the library lists it (search results, grids). Paths are local files. */
export const libraryItemSchema = z.object({
  id: z.number().int(),
  site: z.string().optional(),
  platformId: z.string().optional(),
  postUrl: z.string().optional(),
  caption: z.string(),
  text: z.string().optional(),
  authorName: z.string().optional(),
  authorUsername: z.string().optional(),
  createdAt: z.string().optional(),
  addedAt: z.number(),
  mediaTypes: z.array(mediaTypeSchema),
  thumbnailPath: z.string().optional(),
  totalSize: z.number(),
  hasSubtitles: z.boolean(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const libraryFileSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  size: z.number(),
  kind: z.enum(['video', 'audio', 'image', 'file', 'subtitle', 'thumbnail']),
  mediaIndex: z.number().int().optional(),
  codecs: z.string().optional(),
  exists: z.boolean(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

export const librarySubtitleSchema = z.object({
  languageTag: z.string(),
  languageName: z.string().optional(),
  format: z.string(),
  path: z.string(),
});
export type LibrarySubtitle = z.infer<typeof librarySubtitleSchema>;

export const libraryDetailSchema = libraryItemSchema.extend({
  stats: z.object({ viewCount: z.number().optional(), likeCount: z.number().optional() }),
  authorAvatarPath: z.string().optional(),
  files: z.array(libraryFileSchema),
  subtitles: z.array(librarySubtitleSchema),
});
export type LibraryDetail = z.infer<typeof libraryDetailSchema>;

export const librarySortSchema = z.enum(['added', 'created', 'title', 'size']);

export const libraryQuerySchema = z
  .object({
    query: z.string().max(500).optional(),
    site: z.string().max(200).optional(),
    mediaType: mediaTypeSchema.optional(),
    author: z.string().max(200).optional(),
    from: z.string().max(40).optional(),
    to: z.string().max(40).optional(),
    hasSubtitles: z.boolean().optional(),
    sort: librarySortSchema.default('added'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export type LibraryQuery = z.input<typeof libraryQuerySchema>;

const postIds = z.array(z.number().int().positive());

/**
 * What changed in the library, by whichever process changed it: posts added, updated
 * (details, media) or removed, and posts whose files or subtitles were recorded. Sent once
 * the change is committed; several changes close together may come as one.
 */
export const libraryChangeSchema = z.object({
  added: postIds,
  updated: postIds,
  removed: postIds,
  files: postIds,
  subtitles: postIds,
});
export type LibraryChange = z.infer<typeof libraryChangeSchema>;
