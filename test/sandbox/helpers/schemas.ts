import { z } from 'zod';

/*
 * The shapes the sandbox promises, written from the spec independently of the sandbox's
 * serializers. Strict objects: an unexpected field (a v1 name on the legacy API, say) fails.
 */

export const v1ErrorSchema = z
  .object({ message: z.string().min(1), code: z.string().regex(/^[a-z_]+$/), retryable: z.boolean(), detail: z.array(z.unknown()).optional() })
  .strict();

export const legacyErrorSchema = z
  .object({ message: z.string().min(1), code: z.string().regex(/^[A-Z][A-Za-z]+$/), detail: z.array(z.unknown()).optional() })
  .strict();

export const detailSchema = z.array(
  z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string().min(1), type: z.string().min(1) }).strict(),
);

const legacyFormatSchema = z
  .object({
    quality: z.number().int(),
    quality_note: z.string(),
    fps: z.number().optional(),
    video_url: z.url().optional(),
    video_ext: z.string().optional(),
    video_codec: z.string().optional(),
    video_size: z.number().int().optional(),
    audio_url: z.url().optional(),
    audio_ext: z.string().optional(),
    audio_codec: z.string().optional(),
    audio_size: z.number().int().optional(),
    language_tag: z.string().optional(),
    language_name: z.string().optional(),
    default: z.boolean().optional(),
    separate: z.union([z.literal(0), z.literal(1)]),
  })
  .strict();

const legacyMediaSchema = z
  .object({
    media_type: z.enum(['video', 'image', 'audio', 'live', 'file']),
    resource_url: z.url(),
    preview_url: z.url().optional(),
    duration: z.number().optional(),
    formats: z.array(legacyFormatSchema).optional(),
    headers: z.record(z.string(), z.string()).optional(),
  })
  .strict();

export const legacyUserSchema = z.object({ username: z.string(), image_url: z.url() }).strict();

export const legacyPostSchema = z
  .object({
    id: z.string().optional(),
    text: z.string().optional(),
    medias: z.array(legacyMediaSchema).min(1),
    user: legacyUserSchema.optional(),
    stats: z.object({ view_count: z.number().int(), like_count: z.number().int() }).strict().optional(),
    created_at: z.string().optional(),
    post_url: z.url().optional(),
  })
  .strict();

export const legacyPlaylistSchema = z
  .object({
    next_cursor: z.string().min(1).optional(),
    has_more: z.boolean(),
    posts: z.array(legacyPostSchema),
    user: legacyUserSchema,
  })
  .strict();

export const legacySubtitlesSchema = z
  .object({
    id: z.string().optional(),
    text: z.string(),
    description: z.string().optional(),
    duration: z.number().optional(),
    published_at: z.string().optional(),
    thumbnail_url: z.url().optional(),
    subtitles: z.array(
      z
        .object({
          language_name: z.string(),
          language_tag: z.string(),
          urls: z.array(z.object({ format: z.enum(['srt', 'vtt', 'ttml', 'json3', 'srv1', 'srv2', 'srv3']), url: z.url() }).strict()),
        })
        .strict(),
    ),
  })
  .strict();

export const creditsBodySchema = z.object({ availableCredits: z.number() }).strict();
