import { z } from 'zod';
import { storedErrorCode } from '../../../shared/error-codes';
import { jobExtraSchema } from '../../../shared/jobs';
import { subtitleFormatSchema } from '../../../shared/subtitles';

/**
 * Which variant of a media item the job downloads, chosen once (by the user on a preview,
 * or by the default rule when the job first has its post). Kept by its quality and audio
 * language rather than its place in the list: a refreshed post (expired links) may list
 * its variants in another order.
 */
export const variantRefSchema = z.object({ quality: z.number().int(), languageTag: z.string().optional() }).strict();
export type VariantRef = z.infer<typeof variantRefSchema>;

/** A subtitle track saved beside a video: the path is the user's file, the rest what the library records. */
export const savedSubtitleSchema = z
  .object({
    languageTag: z.string(),
    languageName: z.string(),
    format: subtitleFormatSchema,
    path: z.string(),
    size: z.number().int().nonnegative(),
  })
  .strict();

/** The subtitle tracks saved for a video, and whether they still wait to be embedded into it. */
export const subtitleCheckpointSchema = z.object({ tracks: z.array(savedSubtitleSchema).min(1), embedPending: z.boolean() }).strict();
export type SubtitleCheckpoint = z.infer<typeof subtitleCheckpointSchema>;

/**
 * What of one media item is already on disk, so a restart continues where it stopped: the
 * halves of a split stream waiting for their merge, then the final verified file (the
 * halves are dropped once merged), the codecs the merge found, whether its tags are in, the
 * saved subtitles.
 */
export const itemCheckpointSchema = z
  .object({
    videoPart: z.string().optional(),
    audioPart: z.string().optional(),
    file: z.string().optional(),
    codecs: z.string().optional(),
    /** The final file carries its tags (or, for a file without a container, its sidecar is written). */
    tagged: z.literal(true).optional(),
    subtitles: subtitleCheckpointSchema.optional(),
  })
  .strict();
export type ItemCheckpoint = z.infer<typeof itemCheckpointSchema>;

/** One media item of the post the job takes; no `variant` yet means the default rule chooses it on the first run. */
export const planItemSchema = z
  .object({ mediaIndex: z.number().int().min(0), variant: variantRefSchema.optional(), done: itemCheckpointSchema })
  .strict();
export type PlanItem = z.infer<typeof planItemSchema>;

/** An extra that could not be had, as the job keeps it: a code a newer Trove wrote reads as `unknown`, not as a lost plan. */
const storedProblemSchema = z.object({ extra: jobExtraSchema, code: z.string().transform(storedErrorCode), message: z.string() }).strict();

/**
 * The media items of one post a job downloads (for a photo post: the images picked), each
 * with its checkpoint, and the extras asked for that could not be had (kept with the plan,
 * so a done job still names them after a restart).
 */
export const mediaPlanSchema = z.object({ items: z.array(planItemSchema), problems: z.array(storedProblemSchema).optional() }).strict();
export type MediaPlan = z.infer<typeof mediaPlanSchema>;

/** Every item of a post, variants to be chosen by the default rule. */
export const wholePostPlan = (mediaCount: number): MediaPlan => ({
  items: Array.from({ length: mediaCount }, (_unused, mediaIndex) => ({ mediaIndex, done: {} })),
});

/** Fields of a checkpoint to set; an `undefined` one is removed (the halves of a stream once merged). */
export type CheckpointChange = { [K in keyof ItemCheckpoint]?: ItemCheckpoint[K] | undefined };

/** The plan with one item's checkpoint changed. */
export function withCheckpoint(plan: MediaPlan, mediaIndex: number, change: CheckpointChange): MediaPlan {
  return {
    ...plan,
    items: plan.items.map((item) => {
      if (item.mediaIndex !== mediaIndex) return item;
      const done: Record<string, unknown> = { ...item.done, ...change };
      for (const key of Object.keys(done)) if (done[key] === undefined) delete done[key];
      return { ...item, done: itemCheckpointSchema.parse(done) };
    }),
  };
}

/** The files a job produced for the user: final media files and saved subtitles, not the halves waiting for a merge. */
export const finalFiles = (plan: MediaPlan | undefined): string[] =>
  (plan?.items ?? []).flatMap((item) => [...(item.done.file ? [item.done.file] : []), ...(item.done.subtitles?.tracks.map((track) => track.path) ?? [])]);
