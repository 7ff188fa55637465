import type { ErrorInfo, Result } from '../../../shared/errors';
import type { Post } from '../../../shared/post';
import type { Settings } from '../../../shared/settings';
import type { MediaError } from '../../media';
import type { Merged, MergeRequest } from '../../media';
import type { SavedSubtitle } from '../../subtitles';
import type { JobOutcome } from '../job-queue';
import type { JobRecord } from '../job-store';
import type { MediaTask } from '../plan/fetch-tasks';
import type { MediaPlan } from '../plan/media-plan-schema';
import type { JobSubtitlesRequest } from '../save-job-subtitles';
import { checkpointedSubtitles } from '../save-job-subtitles';
import { outcomeOf } from '../job-outcome';
import { onDisk } from './on-disk';
import { planWriter } from './plan-writer';

/** What the post-processing stage needs from the engine. */
export interface PostProcessPort {
  ffmpegPath(): Promise<Result<string, ErrorInfo>>;
  merge(request: MergeRequest): Promise<Result<Merged, MediaError>>;
  /** Lists, saves and embeds the job's subtitles (save-job-subtitles). */
  saveSubtitles(request: JobSubtitlesRequest): Promise<SavedSubtitle[]>;
}

export interface PostProcessInput {
  job: JobRecord;
  post: Post;
  tasks: readonly MediaTask[];
  plan: MediaPlan;
  folder: string;
  settings: Pick<Settings, 'keepSourceStreams' | 'saveSubtitles' | 'embedSubtitles'>;
  signal: AbortSignal;
  checkpoint(plan: MediaPlan): void;
}

export type PostProcessed = { ok: true; plan: MediaPlan; subtitles: SavedSubtitle[] } | { ok: false; outcome: JobOutcome };

/**
 * Stage 3: the split streams merged into a temp name, verified and renamed (their halves
 * dropped from the plan), then the subtitles of the first video saved and, if asked,
 * embedded. Each result is checkpointed as soon as it exists.
 */
export async function postProcessStage(port: PostProcessPort, input: PostProcessInput): Promise<PostProcessed> {
  const writer = planWriter(input.plan, input.checkpoint);
  const { doneOf, record } = writer;
  // Embedding asked for in the settings needs ffmpeg as much as one asked for by the job.
  const embedWanted = input.job.options.subtitles?.embed ?? (input.settings.saveSubtitles && input.settings.embedSubtitles);
  const ffmpeg = input.tasks.some((task) => task.kind === 'merge') || embedWanted ? await port.ffmpegPath() : undefined;
  if (ffmpeg && !ffmpeg.ok) return { ok: false, outcome: outcomeOf(ffmpeg.error) };

  for (const task of input.tasks) {
    const done = doneOf(task.mediaIndex);
    if (task.kind !== 'merge' || (await onDisk(done.file))) continue;
    if (!ffmpeg || !done.videoPart || !done.audioPart) {
      return { ok: false, outcome: outcomeOf({ code: 'internal', message: `Media item ${task.mediaIndex + 1} reached the merge without both of its streams.` }) };
    }
    const merged = await port.merge({
      ffmpegPath: ffmpeg.value,
      videoPath: done.videoPart,
      audioPath: done.audioPart,
      baseName: task.stem,
      directory: input.folder,
      keepSources: input.settings.keepSourceStreams,
      ...(task.media.duration ? { expectedDurationSeconds: task.media.duration } : {}),
      signal: input.signal,
    });
    if (!merged.ok) {
      return { ok: false, outcome: outcomeOf(merged.error) };
    }
    record(task.mediaIndex, { file: merged.value.path, codecs: `${merged.value.videoCodec}+${merged.value.audioCodec}`, videoPart: undefined, audioPart: undefined });
  }

  const video = input.tasks.find((task) => task.fileKind === 'video');
  const videoPath = video ? doneOf(video.mediaIndex).file : undefined;
  const earlier = video ? await checkpointedSubtitles(doneOf(video.mediaIndex).subtitles) : undefined;
  const subtitles = await port.saveSubtitles({
    job: input.job,
    post: input.post,
    videoPath,
    folder: input.folder,
    ...(ffmpeg?.ok ? { ffmpegPath: ffmpeg.value } : {}),
    signal: input.signal,
    ...(earlier ? { earlier } : {}),
    checkpoint: (saved, embedPending) => {
      if (video && saved.length > 0) record(video.mediaIndex, { subtitles: { tracks: [...saved], embedPending } });
    },
  });
  // A pause or cancel during the subtitles: the job is not done; what was saved is checkpointed.
  if (input.signal.aborted) return { ok: false, outcome: { kind: 'aborted' } };
  return { ok: true, plan: writer.plan, subtitles };
}
