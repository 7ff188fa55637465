import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaStream } from '../media';
import { ffmpegFileArg, parseMediaInfo, runFfmpeg } from '../media';
import { parseFfmetadata } from './parse-ffmetadata';

const READ_TIMEOUT_MS = 60_000;
/**
 * Files read by one ffmpeg process: starting a process costs far more than reading a
 * header (on a busy machine, 0.2 s against a few ms), so a rebuild reads them in batches.
 */
const BATCH = 16;

export interface ContainerRead {
  /** The file-level tags, keys in lower case. */
  tags: Record<string, string>;
  streams: MediaStream[];
}

/**
 * Runs `read` on the items in batches; a batch that fails as a whole (ffmpeg stops at the
 * first input it cannot open) is read again one item at a time, so one bad file costs only itself.
 * Stopped (`signal`), it returns the items read so far: fewer than it was given.
 */
async function inBatches<T, R>(
  items: readonly T[],
  read: (batch: readonly T[]) => Promise<R[] | undefined>,
  onBatch?: (done: number) => void,
  signal?: AbortSignal,
): Promise<Array<R | undefined>> {
  const results: Array<R | undefined> = [];
  for (let at = 0; at < items.length; at += BATCH) {
    if (signal?.aborted) break;
    const batch = items.slice(at, at + BATCH);
    const whole = await read(batch);
    // A batch cut short by the stop was not read (its files are not unreadable): the next run reads it.
    if (signal?.aborted) break;
    if (whole) results.push(...whole);
    else for (const item of batch) results.push((await read([item]))?.[0]);
    onBatch?.(batch.length);
  }
  return results;
}

const scratchFolder = async (): Promise<string> => {
  const folder = path.join(tmpdir(), `trove-rebuild-${randomBytes(8).toString('hex')}`);
  await mkdir(folder, { recursive: true });
  return folder;
};

/**
 * Each media file's tags and streams: ffmpeg describes every input on stderr and writes
 * each one's tags with its own ffmetadata output (`-map_metadata N`). undefined for a
 * file ffmpeg cannot read.
 */
export async function readContainers(
  ffmpegPath: string,
  files: readonly string[],
  options: { signal?: AbortSignal; onBatch?: (done: number) => void } = {},
): Promise<Array<ContainerRead | undefined>> {
  return inBatches(
    files,
    async (batch) => {
      const scratch = await scratchFolder();
      try {
        const outputs = batch.map((_file, input) => path.join(scratch, `${input}.txt`));
        const args = ['-hide_banner', '-nostdin', ...batch.flatMap((file) => ['-i', ffmpegFileArg(file)])];
        for (const [input, output] of outputs.entries()) args.push('-map_metadata', String(input), '-f', 'ffmetadata', ffmpegFileArg(output));
        const run = await runFfmpeg(ffmpegPath, args, { signal: options.signal, timeoutMs: READ_TIMEOUT_MS });
        if (run.code !== 0) return undefined;
        const reads: ContainerRead[] = [];
        for (const [input, output] of outputs.entries()) {
          const info = parseMediaInfo(run.stderr, input);
          const text = await readFile(output, 'utf8').catch(() => undefined);
          if (!info || text === undefined) return undefined;
          reads.push({ tags: parseFfmetadata(text), streams: info.streams });
        }
        return reads;
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
    options.onBatch,
    options.signal,
  );
}

/**
 * The covers Trove wrote into the files, copied out as they are: the attached picture
 * stream (MP4, M4A, MP3; Matroska's cover.* attachment too, which ffmpeg 5 and later read
 * as one). undefined where one cannot be read.
 */
export async function readCovers(ffmpegPath: string, covers: ReadonlyArray<{ file: string; stream: number }>): Promise<Array<Uint8Array | undefined>> {
  return inBatches(covers, async (batch) => {
    const scratch = await scratchFolder();
    try {
      const outputs = batch.map((_cover, input) => path.join(scratch, `${input}.img`));
      const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', ...batch.flatMap((cover) => ['-i', ffmpegFileArg(cover.file)])];
      for (const [input, cover] of batch.entries()) args.push('-map', `${input}:${cover.stream}`, '-c', 'copy', '-frames:v', '1', '-f', 'image2', ffmpegFileArg(outputs[input] as string));
      const run = await runFfmpeg(ffmpegPath, args, { timeoutMs: READ_TIMEOUT_MS });
      if (run.code !== 0) return undefined;
      return await Promise.all(outputs.map((output) => readFile(output).then((bytes) => new Uint8Array(bytes), () => undefined)));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
}
