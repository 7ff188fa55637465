import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CoreServices } from '../core-services';
import { probeMedia } from '../media/probe-media';
import type { JobRecord } from './job-store';
import type { MediaTask } from './media-plan';

const MERGE_CONTAINERS = ['mp4', 'webm', 'mkv'] as const;

/**
 * A merge gives its file the final name and only then can the job record it: a crash in
 * between leaves a finished file the job does not know. Before downloading or merging
 * again, such a file is taken back: it carries this task's name, appeared after the job
 * was created, belongs to no library record, and holds exactly one video and one audio
 * stream. Leftover source streams are removed, as a verified merge would have done.
 */
export async function adoptMergedFile(
  services: CoreServices,
  job: JobRecord,
  task: MediaTask,
  folder: string,
  sources: readonly string[],
): Promise<string | undefined> {
  const owned = services.db.prepare<[string], { one: number }>('SELECT 1 AS one FROM files WHERE path = ?');
  for (const container of MERGE_CONTAINERS) {
    const candidate = join(folder, `${task.stem}.${container}`);
    const info = await stat(candidate).catch(() => undefined);
    if (!info?.isFile() || info.mtimeMs < job.createdAt || owned.get(candidate)) continue;
    const ffmpeg = await services.ffmpeg();
    if (!ffmpeg.ok) return undefined;
    const probed = await probeMedia(ffmpeg.value.path, candidate);
    if (!probed.ok) continue;
    const types = probed.value.streams.map((stream) => stream.type);
    if (types.filter((type) => type === 'video').length !== 1 || types.filter((type) => type === 'audio').length !== 1) continue;
    if (!services.settings.get().keepSourceStreams) await Promise.all(sources.map((source) => rm(source, { force: true })));
    return candidate;
  }
  return undefined;
}
