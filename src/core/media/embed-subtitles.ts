import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join, parse } from 'node:path';
import { z } from 'zod';
import type { ErrorCodes } from '../../shared/error-codes';
import { ok, type Result } from '../../shared/errors';
import { claimOwnedTemp, removeOrphanedTemps } from '../files';
import { syncFile } from '../fs';
import { subtitleFormatSchema } from '../../shared/subtitles';
import { iso639Language, parseSubtitles, writeSrt } from '../subtitles';
import { runFfmpeg } from './run-ffmpeg';

/*
 * Soft subtitles into an already-downloaded video, without re-encoding it: every stream
 * of the video is copied, each track is added as a text stream in the codec its container
 * takes. ffmpeg writes to a temp name beside the video, the result is checked with
 * `ffmpeg -i`, and only then renamed over the original; on any failure the original is
 * untouched and the sidecar subtitle files stay where they are.
 */

export interface EmbedTrack {
  /** A subtitle file in any of the seven formats (by extension, else sniffed). */
  path: string;
  /** BCP 47; written to the container as ISO 639-2 (`en-US` → `eng`). */
  languageTag: string;
  title?: string;
}

export interface EmbedSubtitlesOptions {
  ffmpegPath: string;
  videoPath: string;
  tracks: readonly EmbedTrack[];
  signal?: AbortSignal;
}

export type EmbedErrorCode = ErrorCodes<'invalid_input' | 'unsupported_container' | 'invalid_subtitles' | 'ffmpeg_not_found' | 'embed_failed' | 'canceled'>;

export interface EmbedError {
  kind: 'embed';
  code: EmbedErrorCode;
  message: string;
  /** Always true: a failed embed never removes the separate subtitle files. */
  sidecarsKept: true;
}

export interface Embedded {
  videoPath: string;
  /** Subtitle streams in the video now, those it had before included. */
  subtitleStreams: number;
}

/** Subtitle codec per container, and the name `ffmpeg -i` reports it by. */
const CONTAINER_CODECS: Readonly<Record<string, { codec: string; reported: string }>> = {
  '.mp4': { codec: 'mov_text', reported: 'mov_text' },
  '.m4v': { codec: 'mov_text', reported: 'mov_text' },
  '.mov': { codec: 'mov_text', reported: 'mov_text' },
  '.mkv': { codec: 'srt', reported: 'subrip' },
  '.webm': { codec: 'webvtt', reported: 'webvtt' },
};

const optionsSchema = z.object({
  ffmpegPath: z.string().min(1),
  videoPath: z.string().min(1),
  tracks: z.array(z.object({ path: z.string().min(1), languageTag: z.string(), title: z.string().optional() })).min(1),
});

export async function embedSubtitles(options: EmbedSubtitlesOptions): Promise<Result<Embedded, EmbedError>> {
  const input = optionsSchema.safeParse(options);
  if (!input.success) return failure('invalid_input', `Invalid embedding request: ${z.prettifyError(input.error)}`);
  const { ffmpegPath, videoPath, tracks } = input.data;
  const { signal } = options;
  const target = CONTAINER_CODECS[extname(videoPath).toLowerCase()];
  if (!target) {
    return failure('unsupported_container', `Cannot embed subtitles into ${quote(videoPath)}: only mp4, m4v, mov, mkv and webm are supported.`);
  }
  const workDir = await mkdtemp(join(tmpdir(), 'trove-embed-'));
  const { dir, name, ext } = parse(videoPath);
  // An embedding killed with its process left its temp here; this one replaces it.
  await removeOrphanedTemps(dir, name, 'embedding');
  const owned = claimOwnedTemp(dir, name, 'embedding', ext);
  const tempVideo = owned.path;
  try {
    const subtitleFiles = await normalizeTracks(tracks, workDir);
    if (!subtitleFiles.ok) return subtitleFiles;
    const before = await probeStreams(ffmpegPath, videoPath, signal);
    if (!before.ok) return before;
    const existing = before.value.filter((stream) => stream.type === 'Subtitle').length;
    const languages = tracks.map((track) => iso639Language(track.languageTag));
    const args = [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', videoPath],
      ...subtitleFiles.value.flatMap((file) => ['-i', file]),
      ...['-map', '0', ...subtitleFiles.value.flatMap((_file, index) => ['-map', `${index + 1}:0`]), '-c', 'copy'],
      ...tracks.flatMap((track, index) => {
        const stream = existing + index;
        const title = track.title === undefined ? [] : [`-metadata:s:s:${stream}`, `title=${track.title}`];
        return [`-c:s:${stream}`, target.codec, `-metadata:s:s:${stream}`, `language=${languages[index]}`, ...title];
      }),
      tempVideo,
    ];
    const run = await runEmbedFfmpeg(ffmpegPath, args, signal);
    if (!run.ok) return run;
    if (run.value.exitCode !== 0) return failure('embed_failed', embedFailed(videoPath, `ffmpeg failed: ${lastLine(run.value.stderr)}`));
    const after = await probeStreams(ffmpegPath, tempVideo, signal);
    if (!after.ok) return after;
    const added = after.value.filter((stream) => stream.type === 'Subtitle').slice(existing);
    const expected = languages.map((language) => `${target.reported}/${language}`);
    const found = added.map((stream) => `${stream.codec}/${stream.language ?? 'und'}`);
    if (found.join(',') !== expected.join(',')) {
      const reason = `the result has subtitle streams [${found.join(', ')}] instead of [${expected.join(', ')}]`;
      return failure('embed_failed', embedFailed(videoPath, reason));
    }
    await syncFile(tempVideo);
    await rename(tempVideo, videoPath);
    return ok({ videoPath, subtitleStreams: existing + added.length });
  } catch (error) {
    return failure('embed_failed', embedFailed(videoPath, error instanceof Error ? error.message : String(error)));
  } finally {
    await owned.finish();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Every track as clean UTF-8 SRT (ffmpeg reads neither TTML nor YouTube's formats). */
async function normalizeTracks(tracks: readonly EmbedTrack[], workDir: string): Promise<Result<string[], EmbedError>> {
  const files: string[] = [];
  for (const [index, track] of tracks.entries()) {
    const format = subtitleFormatSchema.safeParse(extname(track.path).slice(1).toLowerCase()).data;
    const parsed = parseSubtitles(await readFile(track.path), format);
    if (!parsed.ok) return failure('invalid_subtitles', `Cannot embed ${quote(track.path)}: ${parsed.error.message}. The video is unchanged.`);
    if (parsed.value.length === 0) return failure('invalid_subtitles', `Cannot embed ${quote(track.path)}: it has no cues. The video is unchanged.`);
    const file = join(workDir, `track-${index}.srt`);
    await writeFile(file, writeSrt(parsed.value));
    files.push(file);
  }
  return ok(files);
}

interface StreamInfo {
  type: string;
  codec: string;
  language?: string;
}

/**
 * The streams `ffmpeg -hide_banner -i` lists, e.g.
 * `Stream #0:2[0x3](eng): Subtitle: mov_text (tx3g / 0x67337874)`.
 */
async function probeStreams(ffmpegPath: string, file: string, signal: AbortSignal | undefined): Promise<Result<StreamInfo[], EmbedError>> {
  const run = await runEmbedFfmpeg(ffmpegPath, ['-hide_banner', '-nostdin', '-i', file], signal);
  if (!run.ok) return run;
  const streams = [...run.value.stderr.matchAll(/^\s*Stream #\d+:\d+(?:\[\w+\])?(?:\((\w+)\))?: (\w+): (\w+)/gm)].map(
    ([, language, type = '', codec = '']) => ({ type, codec, ...(language === undefined ? {} : { language }) }),
  );
  if (streams.length === 0) {
    return failure('embed_failed', embedFailed(file, `ffmpeg cannot read it: ${lastLine(run.value.stderr)}`));
  }
  return ok(streams);
}

/** One ffmpeg run through the shared runner (and its limit on concurrent processes), as this module's result. */
async function runEmbedFfmpeg(
  ffmpegPath: string,
  args: string[],
  signal: AbortSignal | undefined,
): Promise<Result<{ exitCode: number | null; stderr: string }, EmbedError>> {
  const run = await runFfmpeg(ffmpegPath, args, signal === undefined ? {} : { signal });
  if (run.canceled) return failure('canceled', 'Embedding subtitles was canceled. The video is unchanged.');
  if (run.spawnError?.code === 'ENOENT') return failure('ffmpeg_not_found', `ffmpeg was not found at ${quote(ffmpegPath)}.`);
  if (run.spawnError) return failure('embed_failed', `ffmpeg could not be started: ${run.spawnError.message}`);
  return ok({ exitCode: run.code, stderr: run.stderr });
}

function failure(code: EmbedErrorCode, message: string): { ok: false; error: EmbedError } {
  const kept = code === 'invalid_input' ? '' : ' The subtitle files are kept as separate files.';
  return { ok: false, error: { kind: 'embed', code, message: `${message}${kept}`, sidecarsKept: true } };
}

const embedFailed = (videoPath: string, reason: string): string =>
  `Could not embed subtitles into ${quote(videoPath)}: ${reason}. The video is unchanged.`;

const quote = (path: string): string => `"${basename(path)}"`;

const lastLine = (text: string): string => text.trim().split('\n').at(-1)?.trim().replace(/\.$/, '') || 'no details';
