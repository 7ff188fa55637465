import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Result } from '../../shared/errors';
import { claimOwnedTemp, removeOrphanedTemps, moveToUniqueName } from '../files';
import { syncFile } from '../fs';
import { MUXER, type Container } from './choose-container';
import { coverCameOut, coverMayHaveFailed, withoutCover, writesCovers } from './cover-support';
import { fileTagsSchema, taggedOutput, type FileTags, type TagFormat } from './file-tags';
import { mediaError, type MediaError } from './media-error';
import { muxInProcess } from './mux-in-process';
import { parseMediaInfo, type MediaStream } from './media-info';
import { planFromIndexes, planFromInputs, type MergePlan } from './merge-plan';
import { parseMergeLog, readProgressLine, type MergeLog, type MergeProgressReport } from './merge-log';
import { ffmpegFileArg, probeMedia, probeMediaFiles } from './probe-media';
import { logTail, runFfmpeg, type FfmpegRun } from './run-ffmpeg';

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
  /** Room for an MP4's index at the start; default: estimated from the inputs (see moov-reserve). */
  indexReserveBytes?: number;
  /** Written into the merged file in the same pass (file-tags). */
  tags?: FileTags;
  /** Inputs up to this many bytes are merged in-process (mux-in-process); default IN_PROCESS_LIMIT_BYTES, 0: always ffmpeg. */
  inProcessLimitBytes?: number;
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
  indexReserveBytes: z.number().int().positive().optional(),
  tags: fileTagsSchema.optional(),
  inProcessLimitBytes: z.number().int().nonnegative().optional(),
});

const TAG_FORMAT: Readonly<Record<Container, TagFormat>> = { mp4: 'mp4', webm: 'webm', mkv: 'matroska' };

type Failure = { ok: false; error: MediaError };
const failure = (...args: Parameters<typeof mediaError>): Failure => ({ ok: false, error: mediaError(...args) });

/** Stream copy changes timestamps by at most a frame or an audio packet; more than this is wrong. */
const plausible = (actual: number, expected: number): boolean => Math.abs(actual - expected) <= Math.max(1, expected * 0.05);

/**
 * Merges a split video + audio pair by stream copy (never re-encoding) into the container
 * their codecs fit. Plain MP4 inputs are planned from their own indexes without starting
 * ffmpeg; others are described by one ffmpeg run first. The merge run's log describes the
 * inputs again, and if they are not what the plan assumed the merge is redone to fit.
 * ffmpeg writes a temp file beside the result; what that run reports it wrote must be
 * exactly one video and one audio stream of the input codecs, each with packets, and a
 * plausible duration before the file gets its final name (never over an existing file).
 * The downloaded streams are deleted only after that, unless `keepSources`.
 */
export async function mergeStreams(request: MergeRequest): Promise<Result<Merged, MediaError>> {
  const parsed = requestSchema.safeParse(request);
  if (!parsed.success) return failure('invalid_input', `Invalid merge request: ${z.prettifyError(parsed.error)}`);
  const { ffmpegPath, videoPath, audioPath, baseName, expectedDurationSeconds, indexReserveBytes } = parsed.data;
  const { signal } = request;
  const directory = parsed.data.directory ?? path.dirname(videoPath);
  const files = { videoPath, audioPath };
  const unreadable = (log: string) => (file: string) => mediaError('invalid_input', `ffmpeg cannot read ${path.basename(file)}: ${logTail(log, 1)}`);

  // A merge killed with its process left its temp here; this merge replaces it.
  await removeOrphanedTemps(directory, baseName, 'merging');
  const inProcess = await mergeInProcess(request, directory);
  if (inProcess) return inProcess;

  let plan = await planFromIndexes(videoPath, audioPath);
  if (!plan) {
    const probed = await probeMediaFiles(ffmpegPath, [videoPath, audioPath], signal);
    if (!probed.ok) return probed;
    // The probe has already refused an input it could not read.
    const described = planFromInputs(probed.value, files, unreadable(''));
    if (!described.ok) return described;
    plan = described.value;
  }

  const write = (next: MergePlan, index?: string[]): Promise<Written> => {
    // MP4: the index (moov) goes first, for playback while loading, in room reserved up front.
    const reserve = indexReserveBytes ?? next.reserve;
    const placement = index ?? (next.container !== 'mp4' ? [] : reserve === undefined ? FASTSTART : ['-moov_size', String(reserve)]);
    const expected = expectedDurationSeconds ?? next.durationSeconds;
    const { tags } = parsed.data;
    // An ffmpeg known not to write MP4 covers is not asked to (cover-support).
    const tagsFor = tags?.coverPath && next.container === 'mp4' && !writesCovers(ffmpegPath, 'mp4') ? withoutCover(tags) : tags;
    return writeMerge({ ffmpegPath, videoPath, audioPath, directory, baseName, container: next.container, index: placement, expected, tags: tagsFor, signal, onProgress: request.onProgress });
  };
  let written = await write(plan);
  const firstStop = await stopped(written, ffmpegPath);
  if (firstStop) return firstStop;
  const inputs = planFromInputs([0, 1].map((input) => parseMediaInfo(written.run.stderr, input)), files, unreadable(written.run.stderr));
  if (!inputs.ok) {
    await written.discard();
    return inputs;
  }
  if (inputs.value.container !== plan.container) {
    // The indexes misled the plan (a sample format ffmpeg reads as another codec): redo it in the container the codecs need.
    await written.discard();
    plan = inputs.value;
    written = await write(plan);
  }
  if (written.log.moovTooSmall && written.run.code === 0) {
    // The estimate fell short (ffmpeg exits 0 but writes no index): rewrite it in two passes.
    await written.discard();
    written = await write(plan, FASTSTART);
  }
  const stop = await stopped(written, ffmpegPath);
  if (stop) return stop;
  const { run, temp, discard } = written;
  if (run.code !== 0 || written.log.trailerFailed) {
    await discard();
    if (request.tags?.coverPath && plan.container === 'mp4') {
      coverMayHaveFailed(ffmpegPath, 'mp4');
      return mergeStreams({ ...request, tags: withoutCover(request.tags) });
    }
    return failure('ffmpeg_failed', `ffmpeg could not merge ${path.basename(videoPath)} and ${path.basename(audioPath)}: ${logTail(run.stderr)}`);
  }

  const { videoCodec, audioCodec, container } = inputs.value;
  const expected = expectedDurationSeconds ?? inputs.value.durationSeconds;
  const verified = await verify(ffmpegPath, temp, written, { videoCodec, audioCodec, expected, cover: parsed.data.tags?.coverPath !== undefined }, signal);
  if (!verified.ok) {
    await discard();
    return verified;
  }
  if (request.tags?.coverPath && container === 'mp4' && writesCovers(ffmpegPath, 'mp4')) {
    const probed = await probeMedia(ffmpegPath, temp, signal);
    if (probed.ok && !coverCameOut(ffmpegPath, 'mp4', probed.value.streams)) {
      await discard();
      return mergeStreams({ ...request, tags: withoutCover(request.tags) });
    }
  }
  const kept = await keep(temp, discard, directory, `${baseName}.${container}`, request);
  return kept.ok ? { ok: true, value: { path: kept.value, container, videoCodec, audioCodec, durationSeconds: verified.value } } : kept;
}

/**
 * The in-process merge (mux-in-process) of a small MP4 pair, under the same checks and in
 * the same steps as ffmpeg's: an owned temp, verified, fsynced, then its final name, then
 * the sources go. Undefined when ffmpeg should merge instead: a pair that path does not
 * take, anything mediabunny refuses, or a result that fails the checks (ffmpeg then gives
 * the answer, the same file or the same error, as it did before this path existed).
 */
async function mergeInProcess(request: MergeRequest, directory: string): Promise<Result<Merged, MediaError> | undefined> {
  const { baseName, expectedDurationSeconds, onProgress } = request;
  // The file gets what the ffmpeg at hand could have written (and can read back later).
  const tags = request.tags?.coverPath && !writesCovers(request.ffmpegPath, 'mp4') ? withoutCover(request.tags) : request.tags;
  const owned = claimOwnedTemp(directory, baseName, 'merging', '.mp4');
  const muxed = await muxInProcess({
    videoPath: request.videoPath,
    audioPath: request.audioPath,
    temp: owned.path,
    tags,
    limitBytes: request.inProcessLimitBytes,
    signal: request.signal,
    onProgress: (seconds, inputSeconds) => {
      const durationSeconds = expectedDurationSeconds ?? inputSeconds;
      onProgress?.({ seconds, durationSeconds, fraction: Math.min(1, seconds / durationSeconds) });
    },
  });
  if (!muxed.ok) {
    await owned.finish();
    return muxed.error.code === 'canceled' ? muxed : undefined;
  }
  const { videoCodec, audioCodec, streams, packets } = muxed.value;
  const expected = expectedDurationSeconds ?? muxed.value.inputSeconds;
  const cover = tags?.coverPath !== undefined;
  const verified = check(streams, muxed.value.durationSeconds, { videoCodec, audioCodec, expected, cover });
  const coverMissing = cover && !streams.some((stream) => stream.attachedPicture);
  if (!verified.ok || packets.includes(0) || coverMissing) {
    await owned.finish();
    return undefined;
  }
  const kept = await keep(owned.path, () => owned.finish(), directory, `${baseName}.mp4`, request);
  return kept.ok ? { ok: true, value: { path: kept.value, container: 'mp4', videoCodec, audioCodec, durationSeconds: verified.value } } : kept;
}

/** A verified temp gets its final name (never over an existing file); then the sources go, unless kept. */
async function keep(temp: string, discard: () => Promise<void>, directory: string, name: string, request: MergeRequest): Promise<Result<string, MediaError>> {
  let finalPath: string;
  try {
    // On disk before it has its name and before the sources go (a download is kept the same way).
    await syncFile(temp);
    finalPath = await moveToUniqueName(temp, directory, name);
  } catch (error) {
    await discard();
    return failure('io_error', `Could not save the merged file: ${error instanceof Error ? error.message : String(error)}`);
  }
  await discard(); // the temp has its final name: only its owner file goes
  if (!request.keepSources) await Promise.all([rm(request.videoPath, { force: true }), rm(request.audioPath, { force: true })]);
  return { ok: true, value: finalPath };
}

const FASTSTART = ['-movflags', '+faststart'];

/** A run that was canceled or never started ends the merge. */
async function stopped({ run, discard }: Written, ffmpegPath: string): Promise<Failure | undefined> {
  if (run.canceled) {
    await discard();
    return failure('canceled', 'The merge was canceled.');
  }
  if (run.spawnError) {
    await discard();
    return failure('ffmpeg_not_found', `Could not run ffmpeg at ${ffmpegPath}: ${run.spawnError.message}`);
  }
  return undefined;
}

interface Written {
  run: FfmpegRun;
  log: MergeLog;
  progress: MergeProgressReport;
  temp: string;
  /** Removes the temp if it is still there and lets its owner file go (see owned-temp). */
  discard: () => Promise<void>;
}

interface WriteOptions {
  ffmpegPath: string;
  videoPath: string;
  audioPath: string;
  directory: string;
  baseName: string;
  container: Container;
  /** Where the MP4 index goes: `-moov_size …` or `-movflags +faststart`. */
  index: string[];
  expected: number | undefined;
  tags: FileTags | undefined;
  signal: AbortSignal | undefined;
  onProgress: ((progress: MergeProgress) => void) | undefined;
}

async function writeMerge(options: WriteOptions): Promise<Written> {
  const { expected, onProgress } = options;
  const owned = claimOwnedTemp(options.directory, options.baseName, 'merging', `.${options.container}`);
  const temp = owned.path;
  const tagged = options.tags ? taggedOutput(options.tags, TAG_FORMAT[options.container], { streams: 2, videoStreams: 1, coverInput: 2 }) : undefined;
  const args = [
    // verbose: the closing statistics count the packets written per stream (see merge-log).
    '-hide_banner', '-nostdin', '-loglevel', 'verbose', '-nostats', '-progress', 'pipe:1',
    '-i', ffmpegFileArg(options.videoPath), '-i', ffmpegFileArg(options.audioPath), ...(tagged?.inputs ?? []),
    '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', ...options.index, ...(tagged?.args ?? []),
    // -n: the temp name is new; never overwrite anything even if it were not.
    '-f', MUXER[options.container], '-n', ffmpegFileArg(temp),
  ];
  let progress: MergeProgressReport = { ended: false };
  const run = await runFfmpeg(options.ffmpegPath, args, {
    signal: options.signal,
    onStdoutLine: (line) => {
      const before = progress.seconds;
      progress = readProgressLine(progress, line);
      const { seconds } = progress;
      if (seconds === undefined || seconds === before || !onProgress) return;
      onProgress(expected === undefined ? { seconds } : { seconds, durationSeconds: expected, fraction: Math.min(1, seconds / expected) });
    },
  });
  return { run, log: parseMergeLog(run.stderr), progress, temp, discard: () => owned.finish() };
}

interface Expectation {
  videoCodec: string;
  audioCodec: string;
  expected: number | undefined;
  /** The tags carry a cover: one picture stream or attachment after the media. */
  cover: boolean;
}

/** The merge maps the video and the audio first (output streams 0 and 1); a cover comes after them. */
const MEDIA_STREAMS = 2;
const mediaOf = <S extends MediaStream>(streams: readonly S[]): S[] => streams.filter((stream) => stream.index < MEDIA_STREAMS);

/**
 * The merged file must hold what was asked for; returns its duration. Read from the merge
 * run's own report; only when that cannot be understood (another ffmpeg's wording) is the
 * file opened again.
 */
async function verify(
  ffmpegPath: string,
  file: string,
  written: Written,
  expectation: Expectation,
  signal: AbortSignal | undefined,
): Promise<Result<number, MediaError>> {
  const { log, progress } = written;
  if (log.streams === undefined || !progress.ended || progress.seconds === undefined || progress.totalSize === undefined) {
    const probed = await probeMedia(ffmpegPath, file, signal);
    if (!probed.ok) return failure('verify_failed', `The merged file cannot be read back: ${probed.error.message}`);
    return check(probed.value.streams, probed.value.durationSeconds, expectation);
  }
  const empty = mediaOf(log.streams).find((stream) => stream.packets === 0);
  if (empty) return failure('verify_failed', `The merged file has no ${empty.type} data.`);
  const size = await stat(file).then((stats) => stats.size, () => undefined);
  if (size !== progress.totalSize) {
    return failure('verify_failed', `The merged file has ${size ?? 'no'} bytes on disk; ffmpeg wrote ${progress.totalSize}.`);
  }
  return check(log.streams, progress.seconds, expectation);
}

function check(all: readonly MediaStream[], durationSeconds: number | undefined, { videoCodec, audioCodec, expected, cover }: Expectation): Result<number, MediaError> {
  const streams = mediaOf(all);
  const extras = all.filter((stream) => stream.index >= MEDIA_STREAMS);
  const videos = streams.filter((stream) => stream.type === 'video');
  const audios = streams.filter((stream) => stream.type === 'audio');
  if (videos.length !== 1 || audios.length !== 1 || streams.length !== 2) {
    return failure('verify_failed', `The merged file has ${videos.length} video and ${audios.length} audio streams (of ${streams.length}); expected one of each.`);
  }
  if (extras.length > (cover ? 1 : 0) || extras.some((extra) => extra.type !== 'video' && extra.type !== 'attachment')) {
    return failure('verify_failed', `The merged file has ${extras.length} streams besides its video and audio; expected ${cover ? 'at most a cover' : 'none'}.`);
  }
  if (videos[0]?.codec !== videoCodec || audios[0]?.codec !== audioCodec) {
    return failure('verify_failed', `The merged file holds ${videos[0]?.codec}/${audios[0]?.codec}, not ${videoCodec}/${audioCodec}.`);
  }
  if (durationSeconds === undefined || durationSeconds <= 0 || (expected !== undefined && !plausible(durationSeconds, expected))) {
    return failure('verify_failed', `The merged file lasts ${durationSeconds ?? 'an unknown time'} s; expected about ${expected ?? 'more than 0'} s.`);
  }
  return { ok: true, value: durationSeconds };
}
