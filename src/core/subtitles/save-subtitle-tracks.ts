import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ErrorInfo, Result } from '../../shared/errors';
import { errorInfoOf } from '../../shared/errors';
import type { SubtitleFormat, SubtitleResult, SubtitleTrack, SubtitleUrl } from '../../shared/subtitles';
import { SHARED_FILE_MODE, folderProblem, makeFolder, writeFileAtomic } from '../fs';
import { moveToUniqueName } from '../files';
import { convertSubtitles, type SubtitleTarget } from './convert-subtitles';
import { subtitleFileName } from './subtitle-file-name';

export type FetchSubtitleBytes = (url: string, signal?: AbortSignal) => Promise<Result<Uint8Array, ErrorInfo>>;

export interface SavedSubtitle {
  languageTag: string;
  languageName: string;
  format: SubtitleFormat;
  path: string;
  size: number;
}

export interface SaveSubtitleTracksRequest {
  result: SubtitleResult;
  /** BCP 47 tags wanted; `en` also takes `en-US` when no exact match exists. */
  languageTags: readonly string[];
  target: SubtitleTarget;
  folder: string;
  /** The video's file name or path: subtitles are named `<video>.<tag>.<ext>` beside it. */
  videoName: string;
  fetchBytes: FetchSubtitleBytes;
  signal?: AbortSignal;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const primary = (tag: string): string => tag.toLowerCase().split('-')[0] ?? '';

/** The tracks matching the wanted languages, in the order asked, each once. */
export function matchTracks(tracks: readonly SubtitleTrack[], wanted: readonly string[]): SubtitleTrack[] {
  const chosen: SubtitleTrack[] = [];
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    const track =
      tracks.find((candidate) => candidate.language_tag.toLowerCase() === lower) ??
      tracks.find((candidate) => primary(candidate.language_tag) === primary(tag));
    if (track && !chosen.includes(track)) chosen.push(track);
  }
  return chosen;
}

/** The format to fetch: the target itself when offered, then the simplest to convert. */
export function sourceFor(track: SubtitleTrack, target: SubtitleTarget): SubtitleUrl | undefined {
  const order: readonly SubtitleFormat[] =
    target === 'vtt' ? ['vtt', 'srt', 'json3', 'srv3', 'ttml', 'srv2', 'srv1'] : ['srt', 'vtt', 'json3', 'srv3', 'ttml', 'srv2', 'srv1'];
  if (target === 'original') return track.urls[0];
  for (const format of order) {
    const url = track.urls.find((candidate) => candidate.format === format);
    if (url) return url;
  }
  return undefined;
}

/**
 * Fetches, converts and writes each wanted track next to the video. A track that fails is
 * reported and the others are still saved; existing files are never overwritten.
 */
export async function saveSubtitleTracks(request: SaveSubtitleTracksRequest): Promise<{ saved: SavedSubtitle[]; failures: ErrorInfo[] }> {
  const saved: SavedSubtitle[] = [];
  const failures: ErrorInfo[] = [];
  const tracks = matchTracks(request.result.subtitles, request.languageTags);
  if (tracks.length === 0) {
    const offered = request.result.subtitles.map((track) => track.language_tag).join(', ') || 'none';
    failures.push({ code: 'no_matching_subtitles', message: `No subtitles in ${request.languageTags.join(', ')} (offered: ${offered}).` });
    return { saved, failures };
  }
  try {
    await makeFolder(request.folder);
  } catch (error) {
    failures.push({ code: 'write_failed', message: folderProblem(error, request.folder).message });
    return { saved, failures };
  }
  for (const track of tracks) {
    const source = sourceFor(track, request.target);
    if (!source) {
      failures.push({ code: 'no_subtitle_format', message: `The ${track.language_name} subtitles come in no format Trove reads.` });
      continue;
    }
    const bytes = await request.fetchBytes(source.url, request.signal);
    if (!bytes.ok) {
      failures.push(bytes.error);
      continue;
    }
    const converted = convertSubtitles(bytes.value, source.format, request.target);
    if (!converted.ok) {
      failures.push(errorInfoOf(converted.error));
      continue;
    }
    const name = subtitleFileName(request.videoName, track.language_tag, converted.value.extension);
    // unique per save: two saves of the same track at once must not share (and unlink) one temp file
    const temp = join(request.folder, `.${name}.${randomUUID()}.tmp`);
    try {
      // readable by others like the video next to it (the umask decides, as for downloads)
      await writeFileAtomic(temp, converted.value.bytes, SHARED_FILE_MODE);
      const path = await moveToUniqueName(temp, request.folder, name);
      saved.push({
        languageTag: track.language_tag,
        languageName: track.language_name,
        format: request.target === 'original' ? source.format : request.target,
        path,
        size: converted.value.bytes.byteLength,
      });
    } catch (error) {
      await rm(temp, { force: true });
      failures.push({ code: 'write_failed', message: `Could not save ${name}: ${reasonOf(error)}` });
    }
  }
  return { saved, failures };
}
