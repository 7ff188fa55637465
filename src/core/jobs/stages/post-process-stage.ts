import { basename } from 'node:path';
import type { ErrorInfo, Result } from '../../../shared/errors';
import type { JobProblem } from '../../../shared/jobs';
import type { Post } from '../../../shared/post';
import type { Settings } from '../../../shared/settings';
import type { MediaError } from '../../media';
import type { Merged, MergeRequest } from '../../media';
import type { SavedSubtitle } from '../../subtitles';
import type { JobOutcome } from '../job-queue';
import type { JobRecord } from '../job-store';
import type { MediaTask } from '../plan/fetch-tasks';
import type { MediaPlan } from '../plan/media-plan-schema';
import type { CheckpointedSubtitles, JobSubtitlesRequest } from '../save-job-subtitles';
import { checkpointedSubtitles } from '../save-job-subtitles';
import type { FileTags } from '../../media';
import { outcomeOf } from '../job-outcome';
import { fileTagsFor } from './file-tags-for';
import { onDisk } from './on-disk';
import { planWriter } from './plan-writer';

/** What the post-processing stage needs from the engine. */
export interface PostProcessPort {
  ffmpegPath(): Promise<Result<string, ErrorInfo>>;
  merge(request: MergeRequest): Promise<Result<Merged, MediaError>>;
  /** Writes tags into a file that needed no merge; false for a kind of file that carries none. */
  tag(ffmpegPath: string, file: string, tags: FileTags, signal: AbortSignal): Promise<Result<boolean, MediaError>>;
  /** The same facts as JSON beside a file without a container (an image); false when it could not be written. */
  writeSidecar(file: string, tags: FileTags): Promise<boolean>;
  /** Lists, saves and embeds the job's subtitles (save-job-subtitles). */
  saveSubtitles(request: JobSubtitlesRequest): Promise<SavedSubtitle[]>;
}

export interface PostProcessInput {
  job: JobRecord;
  post: Post;
  tasks: readonly MediaTask[];
  plan: MediaPlan;
  folder: string;
  /** Each media item's cached preview (by media index), the cover of its file. */
  covers: ReadonlyArray<string | undefined>;
  settings: Pick<Settings, 'keepSourceStreams' | 'saveSubtitles' | 'embedSubtitles' | 'embedMetadata' | 'metadataSidecars'>;
  signal: AbortSignal;
  checkpoint(plan: MediaPlan): void;
}

export type PostProcessed = { ok: true; plan: MediaPlan; subtitles: SavedSubtitle[] } | { ok: false; outcome: JobOutcome };

/**
 * Stage 3: the split streams merged into a temp name, verified and renamed (their halves
 * dropped from the plan), with the post's tags and cover; the other files tagged in place
 * or given a sidecar; then the subtitles of the first video saved and, if asked, embedded.
 * Each result is checkpointed as soon as it exists. An extra asked for that could not be
 * had (tags, sidecar, subtitles, their embedding) is a problem recorded in the plan: the job
 * is still done, and says so.
 */
export async function postProcessStage(port: PostProcessPort, input: PostProcessInput): Promise<PostProcessed> {
  const writer = planWriter(input.plan, input.checkpoint);
  const { doneOf, record } = writer;
  // Embedding asked for in the settings needs ffmpeg as much as one asked for by the job.
  const asked = input.job.options.subtitles;
  const embedWanted = asked === undefined ? input.settings.saveSubtitles && input.settings.embedSubtitles : asked !== false && asked.embed;
  const ffmpegNeeded = input.tasks.some((task) => task.kind === 'merge') || embedWanted;
  // Tags alone never make ffmpeg a need: without it a single file is kept as it came.
  const tagsWanted = input.settings.embedMetadata && input.tasks.some((task) => task.fileKind === 'video' || task.fileKind === 'audio');
  const ffmpeg = ffmpegNeeded || tagsWanted ? await port.ffmpegPath() : undefined;
  if (ffmpegNeeded && ffmpeg && !ffmpeg.ok) return { ok: false, outcome: outcomeOf(ffmpeg.error) };
  const ffmpegPath = ffmpeg?.ok ? ffmpeg.value : undefined;
  const tagsOf = (task: MediaTask): FileTags => fileTagsFor(input.post, input.job.url, task, input.covers[task.mediaIndex]);
  const video = input.tasks.find((task) => task.fileKind === 'video');
  const earlier = video ? await checkpointedSubtitles(doneOf(video.mediaIndex).subtitles) : undefined;
  const problems = problemsStillTrue(input.plan.problems ?? [], earlier);
  // What this run tries again is no problem until it fails again.
  if (problems.length !== (input.plan.problems?.length ?? 0)) writer.recordProblems(problems);
  const problem = (found: JobProblem): void => {
    problems.push(found);
    writer.recordProblems(problems);
  };
  if (tagsWanted && !ffmpegPath && ffmpeg && !ffmpeg.ok) problem({ extra: 'tags', code: ffmpeg.error.code, message: ffmpeg.error.message });

  for (const task of input.tasks) {
    const done = doneOf(task.mediaIndex);
    if (task.kind !== 'merge' || (await onDisk(done.file))) continue;
    if (!ffmpegPath || !done.videoPart || !done.audioPart) {
      return { ok: false, outcome: outcomeOf({ code: 'internal', message: `Media item ${task.mediaIndex + 1} reached the merge without both of its streams.` }) };
    }
    const merged = await port.merge({
      ffmpegPath,
      videoPath: done.videoPart,
      audioPath: done.audioPart,
      baseName: task.stem,
      directory: input.folder,
      keepSources: input.settings.keepSourceStreams,
      ...(task.media.duration ? { expectedDurationSeconds: task.media.duration } : {}),
      // The tags go in with the merge itself: no second pass over the file.
      ...(input.settings.embedMetadata ? { tags: tagsOf(task) } : {}),
      signal: input.signal,
    });
    if (!merged.ok) {
      return { ok: false, outcome: outcomeOf(merged.error) };
    }
    record(task.mediaIndex, { file: merged.value.path, codecs: `${merged.value.videoCodec}+${merged.value.audioCodec}`, videoPart: undefined, audioPart: undefined, ...(input.settings.embedMetadata ? { tagged: true as const } : {}) });
  }

  // Files that needed no merge: tagged in place (audio, video), or a sidecar beside them (images).
  for (const task of input.tasks) {
    const done = doneOf(task.mediaIndex);
    if (task.kind !== 'single' || done.tagged || !done.file) continue;
    const tags = tagsOf(task);
    if ((task.fileKind === 'video' || task.fileKind === 'audio') && input.settings.embedMetadata && ffmpegPath) {
      const tagged = await port.tag(ffmpegPath, done.file, tags, input.signal);
      if (!tagged.ok && tagged.error.code === 'canceled') return { ok: false, outcome: { kind: 'aborted' } };
      // A file that could not take its tags is still the right file: it is kept and recorded as it is.
      if (!tagged.ok) {
        problem({ extra: 'tags', code: tagged.error.code, message: tagged.error.message });
        continue;
      }
    } else if (task.fileKind === 'image' && input.settings.metadataSidecars) {
      if (!(await port.writeSidecar(done.file, tags))) {
        problem({ extra: 'sidecar', code: 'write_failed', message: `The details of ${basename(done.file)} could not be written beside it.` });
        continue;
      }
    } else continue;
    record(task.mediaIndex, { tagged: true });
  }

  const videoPath = video ? doneOf(video.mediaIndex).file : undefined;
  const subtitles = await port.saveSubtitles({
    job: input.job,
    post: input.post,
    videoPath,
    folder: input.folder,
    ...(ffmpegPath ? { ffmpegPath } : {}),
    signal: input.signal,
    ...(earlier ? { earlier } : {}),
    checkpoint: (saved, embedPending) => {
      if (video && saved.length > 0) record(video.mediaIndex, { subtitles: { tracks: [...saved], embedPending } });
    },
    problem,
  });
  // A pause or cancel during the subtitles: the job is not done; what was saved is checkpointed.
  if (input.signal.aborted) return { ok: false, outcome: { kind: 'aborted' } };
  return { ok: true, plan: writer.plan, subtitles };
}

/**
 * The problems of an earlier run that this run does not try again: every untagged file is
 * tagged again, but subtitles an earlier run saved are kept (with what it could not save),
 * and so is their embedding once it was tried.
 */
function problemsStillTrue(before: readonly JobProblem[], earlier: CheckpointedSubtitles | undefined): JobProblem[] {
  return before.filter(
    (problem) => earlier !== undefined && (problem.extra === 'subtitles' || (problem.extra === 'subtitle_embed' && !earlier.embedPending)),
  );
}
