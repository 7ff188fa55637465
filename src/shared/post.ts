import { z } from 'zod';

/*
 * The domain model is the v1 shape of the spec. Responses from either API version are
 * normalized into it by src/core/api. Every optional field is `.optional()`: the service
 * omits fields without a value, and unknown fields are dropped (zod's default strip).
 */

export const MEDIA_TYPES = ['video', 'image', 'audio', 'live', 'file'] as const;
export const mediaTypeSchema = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof mediaTypeSchema>;

/** quality 9999 = the original source file, of unknown real resolution. */
export const ORIGINAL_QUALITY = 9999;

export const variantSchema = z.object({
  quality: z.number().int(),
  quality_label: z.string(),
  fps: z.number().optional(),
  video_url: z.string().optional(),
  video_ext: z.string().optional(),
  video_codec: z.string().optional(),
  video_filesize: z.number().int().optional(),
  audio_url: z.string().optional(),
  audio_ext: z.string().optional(),
  audio_codec: z.string().optional(),
  audio_filesize: z.number().int().optional(),
  language_tag: z.string().optional(),
  language_name: z.string().optional(),
  is_default: z.boolean().optional(),
});
export type Variant = z.infer<typeof variantSchema>;

const headerScalarSchema = z.union([z.string(), z.number(), z.boolean()]).transform(String);

/**
 * Headers the download request must carry unchanged. The spec leaves the value shape open,
 * and a value we could not read would make a charged answer unusable: numbers and booleans
 * are sent as their text, a list as one value joined with ", " (HTTP's own way to combine
 * repeated fields). Anything else (null, an object) cannot be a header and is refused.
 */
export const mediaHeadersSchema = z.record(
  z.string(),
  z.union([headerScalarSchema, z.array(headerScalarSchema).transform((values) => values.join(', '))]),
);
export type MediaHeaders = z.infer<typeof mediaHeadersSchema>;

export const mediaSchema = z.object({
  media_type: mediaTypeSchema,
  resource_url: z.string(),
  preview_url: z.string().optional(),
  duration: z.number().optional(),
  variants: z.array(variantSchema).optional(),
  headers: mediaHeadersSchema.optional(),
});
export type Media = z.infer<typeof mediaSchema>;

export const authorSchema = z.object({
  username: z.string().optional(),
  display_name: z.string().optional(),
  avatar_url: z.string().optional(),
});
export type Author = z.infer<typeof authorSchema>;

export const statsSchema = z.object({
  view_count: z.number().int().optional(),
  like_count: z.number().int().optional(),
});
export type Stats = z.infer<typeof statsSchema>;

export const postSchema = z.object({
  site: z.string().optional(),
  id: z.string().optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  medias: z.array(mediaSchema),
  author: authorSchema.optional(),
  stats: statsSchema.optional(),
  created_at: z.string().optional(),
  post_url: z.string().optional(),
});
export type Post = z.infer<typeof postSchema>;

export const profileSchema = z.object({
  username: z.string().optional(),
  display_name: z.string().optional(),
  avatar_url: z.string().optional(),
  post_count: z.number().int().optional(),
  follower_count: z.number().int().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const playlistPageSchema = z.object({
  site: z.string().optional(),
  posts: z.array(postSchema),
  has_more: z.boolean(),
  /** Opaque: passed back unchanged, never parsed or built. "" on the last page. */
  next_cursor: z.string(),
  profile: profileSchema.optional(),
});
export type PlaylistPage = z.infer<typeof playlistPageSchema>;
