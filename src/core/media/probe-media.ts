import path from 'node:path';
import type { Result } from '../../shared/errors';
import { mediaError, type MediaError } from './media-error';
import { parseMediaInfo, type MediaInfo } from './media-info';
import { logTail, runFfmpeg } from './run-ffmpeg';

const PROBE_TIMEOUT_MS = 30_000;

/**
 * ffmpeg treats `name:` prefixes as protocols (concat:, http:, …) and a leading `-` as an
 * option; the explicit file protocol with an absolute path reads exactly this file.
 */
export const ffmpegFileArg = (file: string): string => `file:${path.resolve(file)}`;

/**
 * Streams and duration of each file, read with the ffmpeg binary alone and with one
 * process for all of them (`ffmpeg -i a -i b` describes both): a process start costs
 * far more than reading a header.
 */
export async function probeMediaFiles(ffmpegPath: string, files: readonly string[], signal?: AbortSignal): Promise<Result<MediaInfo[], MediaError>> {
  // Without an output ffmpeg prints the inputs' descriptions and exits with status 1.
  const args = ['-hide_banner', '-nostdin', ...files.flatMap((file) => ['-i', ffmpegFileArg(file)])];
  const run = await runFfmpeg(ffmpegPath, args, { signal, timeoutMs: PROBE_TIMEOUT_MS });
  if (run.canceled) return { ok: false, error: mediaError('canceled', 'Canceled while reading the media file.') };
  if (run.spawnError) return { ok: false, error: mediaError('ffmpeg_not_found', `Could not run ffmpeg at ${ffmpegPath}: ${run.spawnError.message}`) };
  const infos: MediaInfo[] = [];
  for (const [input, file] of files.entries()) {
    // ffmpeg stops at the first input it cannot open: its log ends with why.
    const info = parseMediaInfo(run.stderr, input);
    if (!info) return { ok: false, error: mediaError('invalid_input', `ffmpeg cannot read ${path.basename(file)}: ${logTail(run.stderr, 1)}`) };
    infos.push(info);
  }
  return { ok: true, value: infos };
}

/** Streams and duration of a media file, read with the ffmpeg binary alone. */
export async function probeMedia(ffmpegPath: string, file: string, signal?: AbortSignal): Promise<Result<MediaInfo, MediaError>> {
  const probed = await probeMediaFiles(ffmpegPath, [file], signal);
  if (!probed.ok) return probed;
  const [info] = probed.value;
  return info ? { ok: true, value: info } : { ok: false, error: mediaError('invalid_input', `ffmpeg cannot read ${path.basename(file)}.`) };
}
