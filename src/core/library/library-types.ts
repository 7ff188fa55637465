import { z } from 'zod';
import type { MediaType, Post, Variant } from '../../shared/post';
import { subtitleFormatSchema } from '../../shared/subtitles';

export const FILE_KINDS = ['video', 'audio', 'image', 'file', 'subtitle', 'thumbnail'] as const;
export const fileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof fileKindSchema>;

const rowId = z.number().int().positive();
const localPath = z.string().min(1);

/** What is kept of the variant picked for download: never its URLs. */
export const chosenVariantSchema = z.object({
  quality: z.number().int(),
  label: z.string(),
  fps: z.number().optional(),
  videoCodec: z.string().optional(),
  audioCodec: z.string().optional(),
  languageTag: z.string().optional(),
  languageName: z.string().optional(),
});
export type ChosenVariant = z.infer<typeof chosenVariantSchema>;

export const toChosenVariant = (variant: Variant): ChosenVariant => ({
  quality: variant.quality,
  label: variant.quality_label,
  fps: variant.fps,
  videoCodec: variant.video_codec,
  audioCodec: variant.audio_codec,
  languageTag: variant.language_tag,
  languageName: variant.language_name,
});

/** Local facts about one media item, known after its thumbnail is cached or its variant chosen. */
export const mediaLocalSchema = z.object({
  previewPath: localPath.optional(),
  variant: chosenVariantSchema.optional(),
});
export type MediaLocal = z.infer<typeof mediaLocalSchema>;

export interface PostRecordInput {
  /** The normalized post, as the service client returns it. */
  readonly post: Post;
  /** The link the user gave, when it may differ from post.post_url: recorded for dedupe. */
  readonly sourceUrl?: string;
  readonly avatarPath?: string;
  /** By media index. */
  readonly media?: ReadonlyArray<MediaLocal | undefined>;
}

export interface UpsertOutcome {
  readonly id: number;
  readonly created: boolean;
}

export const fileInputSchema = z.object({
  postId: rowId,
  mediaIndex: z.number().int().nonnegative().optional(),
  path: localPath,
  size: z.number().int().nonnegative(),
  kind: fileKindSchema,
  codecs: z.string().optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
});
export type FileInput = z.infer<typeof fileInputSchema>;

export const fileMoveSchema = fileInputSchema.pick({ path: true, size: true });

export const subtitleInputSchema = fileInputSchema.omit({ kind: true, codecs: true }).extend({
  languageTag: z.string().min(1),
  languageName: z.string().optional(),
  format: subtitleFormatSchema,
});
export type SubtitleInput = z.infer<typeof subtitleInputSchema>;

export const existingQuerySchema = z
  .object({
    site: z.string().min(1).optional(),
    id: z.string().min(1).optional(),
    postUrl: z.string().min(1).optional(),
  })
  .strict();
export type ExistingQuery = z.infer<typeof existingQuerySchema>;

export const removePostInputSchema = z
  .object({ id: rowId, deleteFiles: z.boolean() })
  .strict();
export type RemovePostInput = z.infer<typeof removePostInputSchema>;

export const profileInputSchema = z.object({
  /** The link the profile or playlist was fetched from: its identity. */
  url: z.string().min(1),
  site: z.string().optional(),
  username: z.string().optional(),
  displayName: z.string().optional(),
  avatarPath: localPath.optional(),
  postCount: z.number().int().nonnegative().optional(),
  followerCount: z.number().int().nonnegative().optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export interface LibraryPost {
  readonly id: number;
  readonly site: string | null;
  readonly platformId: string | null;
  readonly postUrl: string | null;
  readonly title: string | null;
  readonly text: string | null;
  readonly caption: string;
  readonly author: { username: string | null; displayName: string | null; avatarPath: string | null };
  readonly stats: { viewCount: number | null; likeCount: number | null };
  readonly createdAt: number | null;
  readonly addedAt: number;
  readonly totalSize: number;
  /** The first media item's cached preview, for lists. */
  readonly previewPath: string | null;
  readonly mediaTypes: MediaType[];
  readonly hasSubtitles: boolean;
}

export interface MediaItemRecord {
  readonly index: number;
  readonly mediaType: MediaType;
  readonly duration: number | null;
  readonly previewPath: string | null;
  readonly variant: ChosenVariant | null;
}

export interface FileRecord {
  readonly id: number;
  readonly postId: number;
  readonly mediaIndex: number | null;
  readonly path: string;
  readonly size: number;
  readonly kind: FileKind;
  readonly codecs: string | null;
  readonly sha256: string | null;
  readonly createdAt: number;
}

export interface SubtitleRecord {
  readonly fileId: number;
  readonly postId: number;
  readonly languageTag: string;
  readonly languageName: string | null;
  readonly format: string;
  readonly path: string;
  readonly size: number;
}

export interface LibraryPostDetail extends LibraryPost {
  readonly media: MediaItemRecord[];
  readonly files: FileRecord[];
  readonly subtitles: SubtitleRecord[];
}

export interface ExistingPost {
  readonly post: LibraryPost;
  readonly matchedBy: 'id' | 'url';
}

export interface ProfileRecord {
  readonly id: number;
  readonly url: string;
  readonly site: string | null;
  readonly username: string | null;
  readonly displayName: string | null;
  readonly avatarPath: string | null;
  readonly postCount: number | null;
  readonly followerCount: number | null;
  readonly cursor: string | null;
  readonly cursorAt: number | null;
  readonly lastSyncAt: number | null;
  /** When a page of it was last stored: the last visit. */
  readonly updatedAt: number;
}
