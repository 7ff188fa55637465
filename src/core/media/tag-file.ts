import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { Result } from '../../shared/errors';
import { claimOwnedTemp, removeOrphanedTemps } from '../files';
import { syncFile } from '../fs';
import { coverCameOut, coverMayHaveFailed, withoutCover, writesCovers } from './cover-support';
import { taggedOutput, type FileTags, type TagFormat } from './file-tags';
import { mediaError, type MediaError } from './media-error';
import { isCoverPicture, type MediaStream } from './media-info';
import { ffmpegFileArg, probeMedia } from './probe-media';
import { logTail, runFfmpeg } from './run-ffmpeg';

/** The files Trove can tag, by extension, with ffmpeg's muxer for each. */
const FORMATS: Readonly<Record<string, { format: TagFormat; muxer: string }>> = {
  '.mp4': { format: 'mp4', muxer: 'mp4' },
  '.m4v': { format: 'mp4', muxer: 'mp4' },
  '.m4a': { format: 'm4a', muxer: 'ipod' },
  '.mkv': { format: 'matroska', muxer: 'matroska' },
  '.mka': { format: 'matroska', muxer: 'matroska' },
  '.webm': { format: 'webm', muxer: 'webm' },
  '.mp3': { format: 'mp3', muxer: 'mp3' },
};

export const canTag = (file: string): boolean => Object.hasOwn(FORMATS, path.extname(file).toLowerCase());

/** What a file plays: in an audio file every picture is a cover (an older ffmpeg does not always call it one). */
const playable = (streams: readonly MediaStream[], audioOnly: boolean): MediaStream[] =>
  streams.filter((stream) => (audioOnly ? stream.type === 'audio' : !isCoverPicture(stream)));
const shape = (streams: readonly MediaStream[]): string => streams.map((stream) => `${stream.type}:${stream.codec}`).join(',');
const AUDIO_ONLY: ReadonlySet<TagFormat> = new Set(['m4a', 'mp3']);
const plausible = (actual: number | undefined, expected: number | undefined): boolean =>
  expected === undefined || (actual !== undefined && Math.abs(actual - expected) <= Math.max(1, expected * 0.05));

/**
 * Writes the tags and cover into a downloaded file that needed no merge, by stream copy into
 * a temp beside it. The result must hold the same media streams and last as long before it
 * replaces the file (one rename: the file is never half-tagged). A cover the file already
 * has is replaced, so tagging again changes nothing. Returns false for a kind of file that
 * carries no tags (an image, a subtitle).
 */
export async function tagFile(ffmpegPath: string, file: string, tags: FileTags, signal?: AbortSignal): Promise<Result<boolean, MediaError>> {
  const kind = FORMATS[path.extname(file).toLowerCase()];
  if (!kind) return { ok: true, value: false };
  if (tags.coverPath && !writesCovers(ffmpegPath, kind.format)) return tagFile(ffmpegPath, file, withoutCover(tags), signal);
  const before = await probeMedia(ffmpegPath, file, signal);
  if (!before.ok) return before;
  const audioOnly = AUDIO_ONLY.has(kind.format);
  const sources = playable(before.value.streams, audioOnly);
  const videoStreams = sources.filter((stream) => stream.type === 'video').length;
  const tagged = taggedOutput(tags, kind.format, { streams: sources.length, videoStreams, coverInput: 1 });
  const directory = path.dirname(file);
  const extension = path.extname(file);
  const base = path.basename(file, extension);
  // A tagging killed with its process left its temp here (the file itself is whole: it is
  // only ever replaced by one rename); this one replaces it.
  await removeOrphanedTemps(directory, base, 'tagging');
  const owned = claimOwnedTemp(directory, base, 'tagging', extension);
  try {
    const args = [
      '-hide_banner', '-nostdin', '-loglevel', 'error',
      '-i', ffmpegFileArg(file), ...tagged.inputs,
      // What plays, and no old cover: the new one takes its place, so tagging twice changes nothing.
      // (V: video that is not a cover.)
      ...(audioOnly ? ['-map', '0:a'] : ['-map', '0:V?', '-map', '0:a?', '-map', '0:s?']), '-c', 'copy',
      ...(kind.format === 'mp4' ? ['-movflags', '+faststart'] : []),
      ...tagged.args,
      '-f', kind.muxer, '-n', ffmpegFileArg(owned.path),
    ];
    const run = await runFfmpeg(ffmpegPath, args, { signal });
    if (run.canceled) return { ok: false, error: mediaError('canceled', 'Canceled while writing the file\'s details.') };
    if (run.spawnError) return { ok: false, error: mediaError('ffmpeg_not_found', `Could not run ffmpeg at ${ffmpegPath}: ${run.spawnError.message}`) };
    if (run.code !== 0 && tagged.coverStream) {
      coverMayHaveFailed(ffmpegPath, kind.format);
      await owned.finish();
      return tagFile(ffmpegPath, file, withoutCover(tags), signal);
    }
    if (run.code !== 0) return { ok: false, error: mediaError('ffmpeg_failed', `ffmpeg could not write the details into ${path.basename(file)}: ${logTail(run.stderr)}`) };
    const after = await probeMedia(ffmpegPath, owned.path, signal);
    if (!after.ok) return { ok: false, error: mediaError('verify_failed', `The tagged file cannot be read back: ${after.error.message}`) };
    if (tagged.coverStream && !coverCameOut(ffmpegPath, kind.format, after.value.streams)) {
      await owned.finish();
      return tagFile(ffmpegPath, file, withoutCover(tags), signal);
    }
    // The cover is mapped last; an older ffmpeg does not call it one when it reads it back.
    const written = playable(tagged.coverStream ? after.value.streams.slice(0, -1) : after.value.streams, audioOnly);
    if (shape(written) !== shape(sources) || !plausible(after.value.durationSeconds, before.value.durationSeconds)) {
      return { ok: false, error: mediaError('verify_failed', `Writing the details changed ${path.basename(file)} (${shape(written)}, ${after.value.durationSeconds} s); it was left as it was.`) };
    }
    await syncFile(owned.path);
    await rename(owned.path, file);
    return { ok: true, value: true };
  } catch (error) {
    return { ok: false, error: mediaError('io_error', `Could not save ${path.basename(file)} with its details: ${error instanceof Error ? error.message : String(error)}`) };
  } finally {
    await owned.finish();
  }
}
