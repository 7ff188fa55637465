import { z } from 'zod';

export const SUBTITLE_FORMATS = ['srt', 'vtt', 'ttml', 'json3', 'srv1', 'srv2', 'srv3'] as const;
export const subtitleFormatSchema = z.enum(SUBTITLE_FORMATS);
export type SubtitleFormat = z.infer<typeof subtitleFormatSchema>;

export const subtitleUrlSchema = z.object({
  format: subtitleFormatSchema,
  url: z.string(),
});
export type SubtitleUrl = z.infer<typeof subtitleUrlSchema>;

/** One language of a video's subtitles, offered in one or more formats. */
export const subtitleTrackSchema = z.object({
  language_name: z.string(),
  language_tag: z.string(),
  urls: z.array(subtitleUrlSchema),
});
export type SubtitleTrack = z.infer<typeof subtitleTrackSchema>;

/** The normalized subtitle result (legacy shape plus the optional v1 `site`). */
export const subtitleResultSchema = z.object({
  site: z.string().optional(),
  id: z.string().optional(),
  text: z.string(),
  description: z.string().optional(),
  duration: z.number().optional(),
  published_at: z.string().optional(),
  thumbnail_url: z.string().optional(),
  subtitles: z.array(subtitleTrackSchema),
});
export type SubtitleResult = z.infer<typeof subtitleResultSchema>;

/** A cue: times in milliseconds, text with styling removed and lines joined by "\n". */
export const cueSchema = z.object({
  startMs: z.number().nonnegative(),
  endMs: z.number().nonnegative(),
  text: z.string(),
});
export type Cue = z.infer<typeof cueSchema>;

/**
 * A site whose subtitle listing the service refused as unsupported, as Trove learned it: Grab
 * does not offer subtitles there, and says why (`message` is the service's own words).
 */
export const subtitleRefusalSchema = z.object({ site: z.string(), code: z.string(), message: z.string(), learnedAt: z.number() });
export type SubtitleRefusal = z.infer<typeof subtitleRefusalSchema>;
