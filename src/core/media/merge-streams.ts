import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Result } from '../../shared/errors';
import { ownedTempName, removeOrphanedTemps } from '../files/owned-temp';
import { moveToUniqueName } from '../files/unique-name';
import { chooseContainer, MUXER, type Container } from './choose-container';
import { mediaError, type MediaError } from './media-error';
import type { MediaInfo, MediaStream } from './media-info';
import { ffmpegFileArg, probeMedia } from './probe-media';
import { logTail, runFfmpeg } from './run-ffmpeg';

export interface MergeProgress {
  /** Seconds of output written so far. */
  seconds: number;
  durationSeconds?: number;
  /** 0..1 when the duration is known. */
  fraction?: number;
}

export interface MergeRequest {
  ffmpegPath: string;
  videoPath: string;
  audioPath: string;
  /** Final name without extension (the container decides it); already sanitized. */
  baseName: string;
  /** Default: the video's folder. */
  directory?: string;
  /** Keep the downloaded streams after a verified merge (a setting). */
  keepSources?: boolean;
  /** From the service, when known: the result must match it. */
  expectedDurationSeconds?: number;
  signal?: AbortSignal;
  onProgress?: (progress: MergeProgress) => void;
}

export interface Merged {
  path: string;
  container: Container;
  videoCodec: string;
  audioCodec: string;
  durationSeconds?: number;
}

const requestSchema = z.object({
  ffmpegPath: z.string().min(1),
  videoPath: z.string().min(1),
  audioPath: z.string().min(1),
  baseName: z.string().min(1),
  directory: z.string().min(1).optional(),
  keepSources: z.boolean().optional(),
  expectedDurationSeconds: z.number().positive().optional(),
});

type Failure = { ok: false; error: MediaError };
const failure = (...args: Parameters<typeof mediaError>): Failure => ({ ok: false, error: mediaError(...args) });

/** Stream copy changes timestamps by at most a frame or an audio packet; more than this is wrong. */
const plausible = (actual: number, expected: number): boolean => Math.abs(actual - expected) <= Math.max(1, expected * 0.05);

async function firstStream(ffmpegPath: string, file: string, type: 'video' | 'audio', signal: AbortSignal | undefined): Promise<Result<{ info: MediaInfo; stream: MediaStream }, MediaError>> {
  const probed = await probeMedia(ffmpegPath, file, signal);
  if (!probed.ok) return probed;
  const stream = probed.value.streams.find((candidate) => candidate.type === type);
  if (!stream) return failure('invalid_input', `${path.basename(file)} has no ${type} stream.`);
  return { ok: true, value: { info: probed.value, stream } };
}

/**
 * Merges a split video + audio pair by stream copy (never re-encoding) into the container
 * their codecs fit. ffmpeg writes a temp file beside the result; it is read back and must
 * hold exactly one video and one audio stream of the input codecs and a plausible
 * duration before it gets its final name (never over an existing file). The downloaded
 * streams are deleted only after that, unless `keepSources`.
 */
export async function mergeStreams(request: MergeRequest): Promise<Result<Merged, MediaError>> {
  const parsed = requestSchema.safeParse(request);
  if (!parsed.success) return failure('invalid_input', `Invalid merge request: ${z.prettifyError(parsed.error)}`);
  const { ffmpegPath, videoPath, audioPath, baseName } = parsed.data;
  const { signal } = request;
  const directory = parsed.data.directory ?? path.dirname(videoPath);

  // The two inputs are probed side by side: each probe is a process start, a real share of a merge's time.
  const [video, audio] = await Promise.all([
    firstStream(ffmpegPath, videoPath, 'video', signal),
    firstStream(ffmpegPath, audioPath, 'audio', signal),
  ]);
  if (!video.ok) return video;
  if (!audio.ok) return audio;
  const videoCodec = video.value.stream.codec;
  const audioCodec = audio.value.stream.codec;
  const container = chooseContainer(videoCodec, audioCodec);
  const inputDurations = [video.value.info.durationSeconds, audio.value.info.durationSeconds].filter((d): d is number => d !== undefined);
  // Without -shortest the output lasts as long as the longer input.
  const expected = parsed.data.expectedDurationSeconds ?? (inputDurations.length > 0 ? Math.max(...inputDurations) : undefined);

  // A merge killed with its process left its temp here; this merge replaces it.
  await removeOrphanedTemps(directory, baseName, 'merging');
  const temp = path.join(directory, ownedTempName(baseName, 'merging', `.${container}`));
  const args = [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1',
    '-i', ffmpegFileArg(videoPath), '-i', ffmpegFileArg(audioPath),
    '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy',
    ...(container === 'mp4' ? ['-movflags', '+faststart'] : []),
    // -n: the temp name is new; never overwrite anything even if it were not.
    '-f', MUXER[container], '-n', ffmpegFileArg(temp),
  ];
  const run = await runFfmpeg(ffmpegPath, args, {
    signal,
    onStdoutLine: (line) => {
      const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
      if (!match || !request.onProgress) return;
      const seconds = Number(match[1]) / 1e6;
      request.onProgress(expected === undefined ? { seconds } : { seconds, durationSeconds: expected, fraction: Math.min(1, seconds / expected) });
    },
  });
  const discard = (): Promise<void> => rm(temp, { force: true });
  if (run.canceled) {
    await discard();
    return failure('canceled', 'The merge was canceled.');
  }
  if (run.spawnError) return failure('ffmpeg_not_found', `Could not run ffmpeg at ${ffmpegPath}: ${run.spawnError.message}`);
  if (run.code !== 0) {
    await discard();
    return failure('ffmpeg_failed', `ffmpeg could not merge ${path.basename(videoPath)} and ${path.basename(audioPath)}: ${logTail(run.stderr)}`);
  }

  const verified = await verify(ffmpegPath, temp, videoCodec, audioCodec, expected, signal);
  if (!verified.ok) {
    await discard();
    return verified;
  }
  let finalPath: string;
  try {
    finalPath = await moveToUniqueName(temp, directory, `${baseName}.${container}`);
  } catch (error) {
    await discard();
    return failure('io_error', `Could not name the merged file: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!request.keepSources) await Promise.all([rm(videoPath, { force: true }), rm(audioPath, { force: true })]);
  const merged: Merged = { path: finalPath, container, videoCodec, audioCodec };
  if (verified.value !== undefined) merged.durationSeconds = verified.value;
  return { ok: true, value: merged };
}

/** The merged file must hold what was asked for; returns its duration. */
async function verify(
  ffmpegPath: string,
  file: string,
  videoCodec: string,
  audioCodec: string,
  expected: number | undefined,
  signal: AbortSignal | undefined,
): Promise<Result<number | undefined, MediaError>> {
  const probed = await probeMedia(ffmpegPath, file, signal);
  if (!probed.ok) return failure('verify_failed', `The merged file cannot be read back: ${probed.error.message}`);
  const { streams, durationSeconds } = probed.value;
  const videos = streams.filter((stream) => stream.type === 'video');
  const audios = streams.filter((stream) => stream.type === 'audio');
  if (videos.length !== 1 || audios.length !== 1 || streams.length !== 2) {
    return failure('verify_failed', `The merged file has ${videos.length} video and ${audios.length} audio streams (of ${streams.length}); expected one of each.`);
  }
  if (videos[0]?.codec !== videoCodec || audios[0]?.codec !== audioCodec) {
    return failure('verify_failed', `The merged file holds ${videos[0]?.codec}/${audios[0]?.codec}, not ${videoCodec}/${audioCodec}.`);
  }
  if (durationSeconds === undefined || durationSeconds <= 0 || (expected !== undefined && !plausible(durationSeconds, expected))) {
    return failure('verify_failed', `The merged file lasts ${durationSeconds ?? 'an unknown time'} s; expected about ${expected ?? 'more than 0'} s.`);
  }
  return { ok: true, value: durationSeconds };
}
