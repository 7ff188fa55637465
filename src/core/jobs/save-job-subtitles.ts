import type { Post } from '../../shared/post';
import type { CoreServices } from '../core-services';
import { fetchBytes } from '../download/fetch-bytes';
import { embedSubtitles } from '../media/embed-subtitles';
import type { SavedSubtitle } from '../subtitles/save-subtitle-tracks';
import { saveSubtitleTracks } from '../subtitles/save-subtitle-tracks';
import type { JobRecord } from './job-store';

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
