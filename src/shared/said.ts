import { z } from 'zod';

/** `library.said`: the moments whose cue text has every word typed (the last one as a prefix). */
export const saidQuerySchema = z
  .object({
    // not trimmed: a trailing space says the last word is finished
    query: z.string().min(1).max(500),
    limit: z.number().int().min(1).max(200).default(20),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export type SaidQuery = z.input<typeof saidQuerySchema>;

/** Where a match is in a moment's text: UTF-16 offsets, end exclusive. */
export const textMarkSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type TextMark = z.infer<typeof textMarkSchema>;

export const saidMomentSchema = z.object({
  cueId: z.number().int(),
  postId: z.number().int(),
  /** The post's link, to fetch it again; null when the library has none. */
  link: z.string().nullable(),
  caption: z.string(),
  /** BCP 47 tag of the subtitle track. */
  language: z.string(),
  languageName: z.string().nullable(),
  startMs: z.number().int(),
  endMs: z.number().int(),
  /** The cue's text as saved, lines joined by "\n". */
  text: z.string(),
  marks: z.array(textMarkSchema),
});
export type SaidMoment = z.infer<typeof saidMomentSchema>;

export const saidResultSchema = z.object({
  /** Best first. */
  moments: z.array(saidMomentSchema),
  /** Matching cues, and the videos they are in. */
  total: z.number().int(),
  videos: z.number().int(),
  /** True when there were more matches than were weighed: the counts are then lower bounds. */
  capped: z.boolean(),
});
export type SaidResult = z.infer<typeof saidResultSchema>;
