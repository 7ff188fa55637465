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

/** Streams and duration of a media file, read with the ffmpeg binary alone. */
export async function probeMedia(ffmpegPath: string, file: string, signal?: AbortSignal): Promise<Result<MediaInfo, MediaError>> {
  // Without an output ffmpeg prints the input's description and exits with status 1.
  const run = await runFfmpeg(ffmpegPath, ['-hide_banner', '-nostdin', '-i', ffmpegFileArg(file)], { signal, timeoutMs: PROBE_TIMEOUT_MS });
  if (run.canceled) return { ok: false, error: mediaError('canceled', 'Canceled while reading the media file.') };
  if (run.spawnError) return { ok: false, error: mediaError('ffmpeg_not_found', `Could not run ffmpeg at ${ffmpegPath}: ${run.spawnError.message}`) };
  const info = parseMediaInfo(run.stderr);
  if (!info) return { ok: false, error: mediaError('invalid_input', `ffmpeg cannot read ${path.basename(file)}: ${logTail(run.stderr, 1)}`) };
  return { ok: true, value: info };
}
