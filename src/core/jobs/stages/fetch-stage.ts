import { stat } from 'node:fs/promises';
import type { DownloadError } from '../../download';
import type { DownloadResult } from '../../download';
import type { DownloadRequest } from '../../download';
import type { MediaTask, StreamDownload } from '../plan/fetch-tasks';
import type { ItemCheckpoint, MediaPlan } from '../plan/media-plan-schema';
import { onDisk } from './on-disk';
import { planWriter } from './plan-writer';
import type { ProgressTracker } from './progress-tracker';

/** What the fetch stage needs from the engine. */
export interface FetchPort {
  /** One stream into `directory/fileName`, resuming its .part file (the user's connection and bandwidth settings applied). */
  download(request: DownloadRequest): Promise<DownloadResult>;
  /** A stream or file a crashed run finished under this name without recording it (adopt-finished-file). */
  adoptDownloaded(fileName: string): Promise<string | undefined>;
  /** A merged file a crashed run finished for this task without recording it. */
  adoptMerged(task: MediaTask, sources: readonly string[]): Promise<string | undefined>;
}

export interface FetchInput {
  tasks: readonly MediaTask[];
  plan: MediaPlan;
  folder: string;
  progress: ProgressTracker;
  signal: AbortSignal;
  /** Writes the plan into the job: called after every finished stream, so a restart resumes from it. */
  checkpoint(plan: MediaPlan): void;
}

export type Fetched = { ok: true; plan: MediaPlan } | { ok: false; plan: MediaPlan; error: DownloadError };

const PART_OF: Record<StreamDownload['role'], keyof Pick<ItemCheckpoint, 'videoPart' | 'audioPart' | 'file'>> = {
  video: 'videoPart',
  audio: 'audioPart',
  file: 'file',
};

/**
 * Stage 2: the bytes. Each task's streams come down (the video and audio of a split
 * stream side by side), skipping what the plan's checkpoints already hold on disk; a
 * single file is the item's final file at once, a split stream's halves wait for the merge.
 */
export async function fetchStage(port: FetchPort, input: FetchInput): Promise<Fetched> {
  const writer = planWriter(input.plan, input.checkpoint);
  const { doneOf, record } = writer;
  for (const task of input.tasks) {
    const key = String(task.mediaIndex);
    if (await onDisk(doneOf(task.mediaIndex).file)) continue;
    if (task.kind === 'merge') {
      const done = doneOf(task.mediaIndex);
      const sources = [done.videoPart, done.audioPart].filter((path): path is string => path !== undefined);
      const adopted = await port.adoptMerged(task, sources);
      if (adopted) {
        record(task.mediaIndex, { file: adopted, videoPart: undefined, audioPart: undefined });
        continue;
      }
    }
    for (const stream of task.downloads) input.progress.expect(`${key}.${stream.role}`, stream.expectedSize);
    const results = await Promise.all(
      task.downloads.map(async (stream): Promise<DownloadError | undefined> => {
        const streamKey = `${key}.${stream.role}`;
        const part = PART_OF[stream.role];
        const recorded = doneOf(task.mediaIndex)[part];
        const done = (await onDisk(recorded)) ? recorded : await port.adoptDownloaded(stream.fileName);
        if (done) {
          input.progress.finish(streamKey, (await stat(done)).size);
          if (done !== recorded) record(task.mediaIndex, { [part]: done });
          return undefined;
        }
        const result = await port.download({
          url: stream.url,
          ...(task.headers ? { headers: task.headers } : {}),
          directory: input.folder,
          fileName: stream.fileName,
          ...(stream.expectedSize !== undefined ? { expectedSize: stream.expectedSize } : {}),
          signal: input.signal,
          onProgress: (p) => input.progress.update(streamKey, p.bytes, p.total, p.speed),
        });
        if (!result.ok) return result.error;
        input.progress.finish(streamKey, result.bytes);
        record(task.mediaIndex, { [part]: result.path });
        return undefined;
      }),
    );
    const failure = results.find((result) => result !== undefined);
    if (failure) return { ok: false, plan: writer.plan, error: failure };
  }
  return { ok: true, plan: writer.plan };
}
