import { rm, stat } from 'node:fs/promises';
import type { JobProblem } from '../../shared/jobs';
import type { Post } from '../../shared/post';
import type { SubtitleSaveFormat } from '../../shared/settings';
import type { CoreServices } from '../core-services';
import { fetchBytes } from '../download';
import { embedSubtitles } from '../media';
import type { SavedSubtitle } from '../subtitles';
import { saveSubtitleTracks } from '../subtitles';
import type { JobRecord } from './job-store';
import type { SubtitleCheckpoint } from './plan/media-plan-schema';

export interface CheckpointedSubtitles {
  saved: SavedSubtitle[];
  embedPending: boolean;
}

/**
 * The subtitles an earlier run of the job saved, when all are still on disk: a run after a
 * crash or a pause keeps them instead of paying for the list again and saving every file
 * once more as "name (1)"; it only embeds them if that had not finished.
 */
export async function checkpointedSubtitles(checkpoint: SubtitleCheckpoint | undefined): Promise<CheckpointedSubtitles | undefined> {
  if (!checkpoint) return undefined;
  const present = await Promise.all(checkpoint.tracks.map((subtitle) => stat(subtitle.path).then(() => true, () => false)));
  return present.every(Boolean) ? { saved: checkpoint.tracks, embedPending: checkpoint.embedPending } : undefined;
}

export interface JobSubtitlesRequest {
  job: JobRecord;
  post: Post;
  /** The downloaded video the subtitles go with; none = nothing to do. */
  videoPath: string | undefined;
  folder: string;
  ffmpegPath?: string;
  signal: AbortSignal;
  /** What an earlier run of the job saved. */
  earlier?: CheckpointedSubtitles;
  /** Records saved subtitles in the job, before and after the embedding. */
  checkpoint: (saved: readonly SavedSubtitle[], embedPending: boolean) => void;
  /** Records in the job, at once, a part of the subtitles asked for that could not be had. */
  problem: (problem: JobProblem) => void;
}

/**
 * Subtitles for a downloaded video, when the job (or the settings) asks for them: one
 * charged call for the track list, then each wanted language saved beside the video and,
 * if asked, embedded. Subtitles never fail the download: a problem leaves the video as it
 * is and the sidecar files in place, and is recorded in the job (it ends "done, with a
 * problem", never silently without what was asked for). Saved files are checkpointed at once, so a pause
 * during the embedding neither pays for them again nor leaves them behind.
 */
export async function saveJobSubtitles(services: CoreServices, request: JobSubtitlesRequest): Promise<SavedSubtitle[]> {
  const settings = services.settings.get();
  const wanted =
    request.job.options.subtitles ??
    (settings.saveSubtitles ? { languages: settings.subtitleLanguages, format: settings.subtitleFormat, embed: settings.embedSubtitles } : undefined);
  if (request.earlier && !request.earlier.embedPending) return request.earlier.saved;
  if (!wanted || wanted.languages.length === 0 || !request.videoPath) return request.earlier?.saved ?? [];

  const saved = request.earlier?.saved ?? (await saveTracks(services, request, request.videoPath, wanted));
  if (request.signal.aborted) return saved;
  const embed = wanted.embed && request.ffmpegPath !== undefined && saved.length > 0;
  if (!request.earlier && saved.length > 0) request.checkpoint(saved, embed);
  if (embed && request.ffmpegPath) {
    const embedded = await embedSubtitles({
      ffmpegPath: request.ffmpegPath,
      videoPath: request.videoPath,
      tracks: saved.map((subtitle) => ({ path: subtitle.path, languageTag: subtitle.languageTag, title: subtitle.languageName })),
      signal: request.signal,
    });
    if (request.signal.aborted) return saved;
    if (!embedded.ok) request.problem({ extra: 'subtitle_embed', code: embedded.error.code, message: embedded.error.message });
    request.checkpoint(saved, false);
  }
  return saved;
}

/** Lists the tracks (charged) and saves the wanted ones; a set cut short by a pause is removed, not kept as if complete. */
async function saveTracks(
  services: CoreServices,
  request: JobSubtitlesRequest,
  videoPath: string,
  wanted: { languages: readonly string[]; format: SubtitleSaveFormat },
): Promise<SavedSubtitle[]> {
  const link = request.post.post_url ?? request.job.url;
  const listed = await services.client({ jobId: request.job.id }).extractSubtitles(link, { signal: request.signal });
  if (!listed.ok) {
    if (!request.signal.aborted) request.problem({ extra: 'subtitles', code: listed.error.code, message: listed.error.message });
    return [];
  }

  const { saved, failures } = await saveSubtitleTracks({
    result: listed.value,
    languageTags: wanted.languages,
    target: wanted.format,
    folder: request.folder,
    videoName: videoPath,
    fetchBytes: (url, signal) => fetchBytes(url, { ...(signal ? { signal } : {}) }),
    signal: request.signal,
  });
  if (!request.signal.aborted) {
    for (const failure of failures) request.problem({ extra: 'subtitles', code: failure.code, message: failure.message });
    return saved;
  }
  await Promise.all(saved.map((subtitle) => rm(subtitle.path, { force: true })));
  return [];
}
