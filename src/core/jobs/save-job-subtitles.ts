import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Post } from '../../shared/post';
import { subtitleFormatSchema } from '../../shared/subtitles';
import type { CoreServices } from '../core-services';
import { fetchBytes } from '../download/fetch-bytes';
import { embedSubtitles } from '../media/embed-subtitles';
import type { SavedSubtitle } from '../subtitles/save-subtitle-tracks';
import { saveSubtitleTracks } from '../subtitles/save-subtitle-tracks';
import type { JobRecord } from './job-store';
import { SUBTITLES_OUTPUT } from './job-store';

// Beside the paths (the user's files), what the library records of each saved subtitle.
const SUBTITLE_RECORDS = 'subtitles.saved';
const savedSubtitleSchema = z.object({
  languageTag: z.string(),
  languageName: z.string(),
  format: subtitleFormatSchema,
  path: z.string(),
  size: z.number().int().nonnegative(),
});

const parseRecord = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The job outputs that checkpoint saved subtitles. */
export const subtitleOutputs = (saved: readonly SavedSubtitle[]): Record<string, string[]> => ({
  [SUBTITLES_OUTPUT]: saved.map((subtitle) => subtitle.path),
  [SUBTITLE_RECORDS]: saved.map((subtitle) => JSON.stringify(subtitle)),
});

/**
 * The subtitles an earlier run of the job saved (and embedded), when all are still on disk:
 * a run after a crash or a pause keeps them instead of paying for the list again and saving
 * every file once more as "name (1)".
 */
export async function checkpointedSubtitles(outputs: Record<string, string[]>): Promise<SavedSubtitle[] | undefined> {
  const parsed = z.array(savedSubtitleSchema).min(1).safeParse(outputs[SUBTITLE_RECORDS]?.map(parseRecord));
  if (!parsed.success) return undefined;
  const present = await Promise.all(parsed.data.map((subtitle) => stat(subtitle.path).then(() => true, () => false)));
  return present.every(Boolean) ? parsed.data : undefined;
}

export interface JobSubtitlesRequest {
  job: JobRecord;
  post: Post;
  /** The downloaded video the subtitles go with; none = nothing to do. */
  videoPath: string | undefined;
  folder: string;
  ffmpegPath?: string;
  signal: AbortSignal;
}

/**
 * Subtitles for a downloaded video, when the job (or the settings) asks for them: one
 * charged call for the track list, then each wanted language saved beside the video and,
 * if asked, embedded. Subtitles never fail the download: a problem leaves the video as it
 * is and the sidecar files in place.
 */
export async function saveJobSubtitles(services: CoreServices, request: JobSubtitlesRequest): Promise<SavedSubtitle[]> {
  const settings = services.settings.get();
  const wanted =
    request.job.options.subtitles ??
    (settings.saveSubtitles ? { languages: settings.subtitleLanguages, format: settings.subtitleFormat, embed: settings.embedSubtitles } : undefined);
  if (!wanted || wanted.languages.length === 0 || !request.videoPath) return [];

  const client = services.client();
  const link = request.post.post_url ?? request.job.url;
  const listed = await client.extractSubtitles(link, { signal: request.signal });
  if (listed.charged) services.recordCharge(`${client.apiVersion} POST /extract/subtitles`, link, request.job.id);
  if (!listed.ok) return [];

  const { saved } = await saveSubtitleTracks({
    result: listed.value,
    languageTags: wanted.languages,
    target: wanted.format,
    folder: request.folder,
    videoName: request.videoPath,
    fetchBytes: (url, signal) => fetchBytes(url, { ...(signal ? { signal } : {}) }),
    signal: request.signal,
  });
  if (wanted.embed && request.ffmpegPath && saved.length > 0) {
    await embedSubtitles({
      ffmpegPath: request.ffmpegPath,
      videoPath: request.videoPath,
      tracks: saved.map((subtitle) => ({ path: subtitle.path, languageTag: subtitle.languageTag, title: subtitle.languageName })),
      signal: request.signal,
    });
  }
  return saved;
}
