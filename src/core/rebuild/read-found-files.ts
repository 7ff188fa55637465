import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isCoverPicture } from '../media';
import { factsOfSidecar, factsOfTags, type FoundFile } from './file-facts';
import type { ContainerRead } from './read-container';
import { readContainers } from './read-container';

/** Containers that hold sound only, whatever streams they have. */
const AUDIO_EXTENSIONS = new Set(['.m4a', '.mka', '.mp3']);

export type ReadOutcome = { found: FoundFile } | { notTrove: string } | { unreadable: string; message: string };

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Video and audio files, read in batches: Trove's when their tags carry the link and the
 * site. `onBatch` is told how many more were read; stopped by `signal`, the files read so far.
 */
export async function readMediaFiles(ffmpegPath: string, files: readonly string[], options: { signal?: AbortSignal; onBatch?: (done: number) => void } = {}): Promise<ReadOutcome[]> {
  const reads = await readContainers(ffmpegPath, files, options);
  // Stopped part-way: only the files read so far have an outcome.
  return Promise.all(files.slice(0, reads.length).map((file, at) => outcomeOf(file, reads[at])));
}

async function outcomeOf(file: string, read: ContainerRead | undefined): Promise<ReadOutcome> {
  if (!read) return { unreadable: file, message: `ffmpeg cannot read ${path.basename(file)}.` };
  const facts = factsOfTags(read.tags);
  if (!facts) return { notTrove: file };
  const plays = read.streams.filter((stream) => !isCoverPicture(stream));
  const hasVideo = plays.some((stream) => stream.type === 'video');
  const mediaType: FoundFile['mediaType'] = AUDIO_EXTENSIONS.has(path.extname(file).toLowerCase()) || !hasVideo ? 'audio' : 'video';
  const codecs = [plays.find((stream) => stream.type === 'video')?.codec, plays.find((stream) => stream.type === 'audio')?.codec].filter(Boolean).join('+');
  const coverStream = read.streams.find((stream) => stream.attachedPicture === true)?.index;
  try {
    const { size } = await stat(file);
    return { found: { path: file, size, mediaType, facts, ...(codecs ? { codecs } : {}), ...(coverStream !== undefined ? { coverStream } : {}) } };
  } catch (error) {
    return { unreadable: file, message: reasonOf(error) };
  }
}

/**
 * A `.json` file: when Trove wrote it, the image it names beside it (renamed together with
 * the sidecar, found by the sidecar's own name). Someone else's JSON is not Trove's.
 */
export async function readSidecarFile(file: string): Promise<ReadOutcome & { claims?: string }> {
  let body: unknown;
  try {
    body = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return { notTrove: file };
  }
  const sidecar = factsOfSidecar(body);
  if (!sidecar) return { notTrove: file };
  const folder = path.dirname(file);
  const named = path.join(folder, path.basename(sidecar.file));
  const renamed = path.join(folder, `${path.basename(file, '.json')}${path.extname(sidecar.file)}`);
  for (const image of [named, renamed]) {
    const size = await stat(image).then(
      (stats) => (stats.isFile() ? stats.size : undefined),
      () => undefined,
    );
    if (size === undefined) continue;
    return {
      claims: image,
      found: {
        path: image,
        size,
        mediaType: 'image',
        facts: sidecar.facts,
      },
    };
  }
  return { unreadable: file, message: `The image ${sidecar.file} this sidecar describes is not beside it.` };
}
