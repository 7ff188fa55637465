import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CoreServices } from '../core-services';
import { removePartFiles } from '../download';
import { removeOrphanedTemps } from '../files';
import { isCoverPicture, probeMedia } from '../media';
import type { JobRecord } from './job-store';
import type { MediaTask } from './plan/fetch-tasks';

const MERGE_CONTAINERS = ['mp4', 'webm', 'mkv'] as const;

/*
 * A download or a merge gives its file the final name and only then can the job record it:
 * a crash in between leaves a finished file the job does not know, and the restart would
 * fetch or merge it again into "name (1)". Before that, such a file is taken back. The
 * downloader and the merge name a file only once it is verified, so a file under the
 * task's exact name that appeared after the job was created, and that no library record
 * owns, is this job's own result.
 */

async function isUnrecordedResult(services: CoreServices, job: JobRecord, path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile() || info.mtimeMs < job.createdAt) return false;
  return !services.db.prepare<[string], { one: number }>('SELECT 1 AS one FROM files WHERE path = ?').get(path);
}

/**
 * A stream or single file the downloader already finished under `fileName`, if any. The
 * crash may have come before the downloader cleared its part name and control file:
 * they go, as the finished download would have removed them.
 */
export async function adoptDownloadedFile(services: CoreServices, job: JobRecord, folder: string, fileName: string): Promise<string | undefined> {
  const path = join(folder, fileName);
  if (!(await isUnrecordedResult(services, job, path))) return undefined;
  await removePartFiles(folder, fileName);
  return path;
}

/**
 * A merged file of this task, checked to hold one video and one audio stream; its leftover
 * source streams and temp name are removed, as a verified merge would have done.
 */
export async function adoptMergedFile(
  services: CoreServices,
  job: JobRecord,
  task: MediaTask,
  folder: string,
  sources: readonly string[],
): Promise<string | undefined> {
  for (const container of MERGE_CONTAINERS) {
    const candidate = join(folder, `${task.stem}.${container}`);
    if (!(await isUnrecordedResult(services, job, candidate))) continue;
    const ffmpeg = await services.ffmpeg();
    if (!ffmpeg.ok) return undefined;
    const probed = await probeMedia(ffmpeg.value.path, candidate);
    if (!probed.ok) continue;
    // Its cover (file tags) is no track: one video and one audio that play.
    const types = probed.value.streams.filter((stream) => !isCoverPicture(stream)).map((stream) => stream.type);
    if (types.filter((type) => type === 'video').length !== 1 || types.filter((type) => type === 'audio').length !== 1) continue;
    if (!services.settings.get().keepSourceStreams) await Promise.all(sources.map((source) => rm(source, { force: true })));
    // The move into place is a hard link then an unlink: a kill between them left the temp name.
    await removeOrphanedTemps(folder, task.stem, 'merging');
    return candidate;
  }
  return undefined;
}
