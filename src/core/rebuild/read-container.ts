import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { MediaStream } from '../media';
import { ffmpegFileArg, parseMediaInfo, runFfmpeg } from '../media';
import { parseFfmetadata } from './parse-ffmetadata';

const READ_TIMEOUT_MS = 30_000;

export interface ContainerRead {
  /** The file-level tags, keys in lower case. */
  tags: Record<string, string>;
  streams: MediaStream[];
}

/**
 * A media file's tags and streams, in one ffmpeg run (`-f ffmetadata` on stdout, the
 * description of the input on stderr); undefined when ffmpeg cannot read the file.
 */
export async function readContainer(ffmpegPath: string, file: string, signal?: AbortSignal): Promise<ContainerRead | undefined> {
  const lines: string[] = [];
  const run = await runFfmpeg(ffmpegPath, ['-hide_banner', '-nostdin', '-i', ffmpegFileArg(file), '-f', 'ffmetadata', 'pipe:1'], {
    signal,
    timeoutMs: READ_TIMEOUT_MS,
    onStdoutLine: (line) => lines.push(line),
  });
  const info = run.code === 0 ? parseMediaInfo(run.stderr, 0) : undefined;
  return info ? { tags: parseFfmetadata(lines.join('\n')), streams: info.streams } : undefined;
}

/**
 * The cover Trove wrote into the file, copied out as it is: an attached picture (MP4, M4A,
 * MP3; Matroska's cover.* attachment too, which ffmpeg 5 and later read as one). undefined
 * when there is none or it cannot be read (an older ffmpeg shows Matroska's as an attachment).
 */
export async function readCover(ffmpegPath: string, file: string, streams: readonly MediaStream[], signal?: AbortSignal): Promise<Uint8Array | undefined> {
  const cover = streams.find((stream) => stream.attachedPicture === true);
  if (!cover) return undefined;
  const out = path.join(tmpdir(), `trove-cover-${randomBytes(8).toString('hex')}`);
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', ffmpegFileArg(file), '-map', `0:${cover.index}`, '-c', 'copy', '-frames:v', '1', '-f', 'image2', out];
  try {
    const run = await runFfmpeg(ffmpegPath, args, { signal, timeoutMs: READ_TIMEOUT_MS });
    return run.code === 0 ? await readFile(out).catch(() => undefined) : undefined;
  } finally {
    await rm(out, { force: true });
  }
}
