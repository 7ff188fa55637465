import { z } from 'zod';
import { errorCodeSchema } from './error-codes';
import { errorInfoSchema } from './errors';
import { qualityPreferenceSchema, subtitleSaveFormatSchema } from './settings';

export const JOB_STATES = ['queued', 'extracting', 'downloading', 'processing', 'done', 'failed', 'paused', 'canceled'] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobKindSchema = z.enum(['post', 'playlist']);
export type JobKind = z.infer<typeof jobKindSchema>;

/** Why a job waits in `paused` when the user did not pause it: the queue resumes it itself. */
export const pauseReasonSchema = z.enum(['user', 'out_of_credits', 'key_required', 'shutdown']);
export type PauseReason = z.infer<typeof pauseReasonSchema>;

export const downloadOptionsSchema = z
  .object({
    quality: qualityPreferenceSchema.optional(),
    audioLanguages: z.array(z.string().max(35)).max(10).optional(),
    /** Absent: as the settings say. `false`: the user unticked "Save subtitles" for this download, whatever the settings say. */
    subtitles: z
      .union([
        z
          .object({
            languages: z.array(z.string().max(35)).max(20),
            format: subtitleSaveFormatSchema,
            embed: z.boolean(),
          })
          .strict(),
        z.literal(false),
      ])
      .optional(),
    folder: z.string().max(4096).optional(),
  })
  .strict();
export type DownloadOptions = z.infer<typeof downloadOptionsSchema>;

export const jobProgressSchema = z.object({
  bytes: z.number(),
  total: z.number().optional(),
  speed: z.number(),
  etaSeconds: z.number().optional(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/**
 * The extras a job does after its download, when the user asked for them: save the
 * subtitles, embed them into the video, write the post's details (tags, cover) into the
 * file, or into a sidecar beside a file without a container.
 */
export const JOB_EXTRAS = ['subtitles', 'subtitle_embed', 'tags', 'sidecar'] as const;
export const jobExtraSchema = z.enum(JOB_EXTRAS);
export type JobExtra = z.infer<typeof jobExtraSchema>;

/**
 * An extra the user asked for that could not be had: the download itself is fine and kept,
 * so the job ends done, "with a problem". The code is from the closed list (the faces word
 * it); the message has the specifics.
 */
export const jobProblemSchema = z.object({ extra: jobExtraSchema, code: errorCodeSchema, message: z.string() }).strict();
export type JobProblem = z.infer<typeof jobProblemSchema>;

/** A job as the faces see it. */
export const jobViewSchema = z.object({
  id: z.number().int(),
  kind: jobKindSchema,
  url: z.string(),
  state: jobStateSchema,
  pauseReason: pauseReasonSchema.optional(),
  position: z.number(),
  title: z.string(),
  site: z.string().optional(),
  thumbnail: z.string().optional(),
  parentId: z.number().int().optional(),
  libraryPostId: z.number().int().optional(),
  progress: jobProgressSchema,
  /** Why it failed; also set while a queued job waits to be tried again (`nextAttemptAt`). */
  error: errorInfoSchema.optional(),
  attempts: z.number().int(),
  /** A job that failed for a passing reason is tried again at this time (ms since the epoch). */
  nextAttemptAt: z.number().optional(),
  /** Playlist jobs: how many posts were queued from pages so far. */
  itemsQueued: z.number().int().optional(),
  files: z.array(z.string()),
  /** A done job: the extras asked for that could not be had (none: absent). */
  problems: z.array(jobProblemSchema).optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type JobView = z.infer<typeof jobViewSchema>;
