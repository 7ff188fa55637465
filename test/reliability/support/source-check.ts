import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { postSchema } from '../../../src/shared/post';
import type { Media, Post, Variant } from '../../../src/shared/post';
import { isCoverPicture } from '../../../src/core/media/media-info';
import { probeMedia } from '../../../src/core/media/probe-media';
import { systemFfmpeg } from '../../core/media/system-ffmpeg';
import type { FileRow } from './library-audit';

const run = promisify(execFile);

/*
 * Checks a downloaded file against the bytes the media host serves, fetched again
 * directly: a file Trove leaves as it came (an image, a binary) must be byte-identical
 * (sha256); a merged split stream, or a single video or audio file Trove wrote its tags
 * into, must carry exactly the source's video packets and audio packets (ffmpeg stream
 * hashes: a stream copy moves packets unchanged, only the container around them is new).
 */

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The packets of the first stream of one type, hashed by ffmpeg without decoding: the `hash`
 * muxer over that one stream (the same sum as `-f streamhash`, which ffmpeg 4.3 added and the
 * bundled 2018 ffmpeg of a machine without one lacks), run with the ffmpeg the app finds.
 */
export async function streamHash(path: string, type: 'v' | 'a'): Promise<string> {
  const { stdout } = await run(await systemFfmpeg(), ['-v', 'error', '-i', path, '-map', `0:${type}:0`, '-c', 'copy', '-f', 'hash', '-hash', 'sha256', '-'], {
    encoding: 'utf8',
  });
  return stdout.trim().split('=').at(-1) ?? '';
}

/** A post extracted again, with a key whose charges the suites do not count; paced by the service's 429s. */
export async function extractAgain(serviceUrl: string, key: string, link: string): Promise<Post> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${serviceUrl}/openapi/v1/extract/post`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: link }),
    });
    if (response.status === 429 && attempt < 20) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (response.status !== 200) throw new Error(`extracting ${link} again: ${response.status} ${await response.text()}`);
    return postSchema.parse(await response.json());
  }
}

async function fetchSource(url: string, headers: Record<string, string> | undefined): Promise<Buffer> {
  const response = await fetch(url, { headers: headers ?? {} });
  if (response.status !== 200) throw new Error(`fetching the source ${url}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The variant the engine recorded, found among the fresh post's variants. */
function recordedVariant(media: Media, row: FileRow): Variant | undefined {
  const recorded = row.variant;
  if (!recorded || recorded.quality === undefined) return undefined;
  return media.variants?.find(
    (variant) => variant.quality === recorded.quality && (recorded.languageTag === undefined || variant.language_tag === recorded.languageTag),
  );
}

export interface SourceVerdict {
  ok: boolean;
  /** Source bytes compared. */
  bytes: number;
  detail: string;
}

export async function verifyAgainstSource(row: FileRow, post: Post): Promise<SourceVerdict> {
  const media = post.medias[row.mediaIndex ?? -1];
  if (!media) return { ok: false, bytes: 0, detail: `${row.path}: the post has no media ${row.mediaIndex}` };
  const variant = recordedVariant(media, row);
  if (variant?.video_url && variant.audio_url) {
    const scratch = await mkdtemp(join(tmpdir(), 'trove-source-'));
    try {
      const video = await fetchSource(variant.video_url, media.headers);
      const audio = await fetchSource(variant.audio_url, media.headers);
      await writeFile(join(scratch, 'video'), video);
      await writeFile(join(scratch, 'audio'), audio);
      const same =
        (await streamHash(row.path, 'v')) === (await streamHash(join(scratch, 'video'), 'v')) &&
        (await streamHash(row.path, 'a')) === (await streamHash(join(scratch, 'audio'), 'a'));
      return { ok: same, bytes: video.length + audio.length, detail: `${row.path}: merged streams ${same ? 'match' : 'DIFFER from'} the sources` };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  const url = variant?.video_url ?? variant?.audio_url ?? media.resource_url;
  const source = await fetchSource(url, media.headers);
  if (media.media_type === 'video' || media.media_type === 'audio') {
    const verdict = await sameStreams(row.path, source);
    // Bytes no ffmpeg reads as media (a synthetic stream) take no tags: kept as they came.
    if (verdict) return verdict;
  }
  const same = (await sha256OfFile(row.path)) === sha256(source);
  return { ok: same, bytes: source.length, detail: `${row.path}: sha256 ${same ? 'matches' : 'DIFFERS from'} the source (${source.length} bytes)` };
}

/**
 * A single video or audio file (tagged in place, its cover added): every track's packets as
 * the source's. Undefined when ffmpeg cannot read the source as media at all.
 */
async function sameStreams(path: string, source: Uint8Array): Promise<SourceVerdict | undefined> {
  const scratch = await mkdtemp(join(tmpdir(), 'trove-source-'));
  try {
    const copy = join(scratch, 'source');
    await writeFile(copy, source);
    const probed = await probeMedia(await systemFfmpeg(), copy);
    if (!probed.ok) return undefined;
    const tracks = probed.value.streams.filter((stream) => !isCoverPicture(stream));
    const types = [...new Set(tracks.map((stream) => (stream.type === 'video' ? 'v' : stream.type === 'audio' ? 'a' : undefined)))].filter((type) => type !== undefined);
    let same = types.length > 0;
    for (const type of types) same &&= (await streamHash(path, type)) === (await streamHash(copy, type));
    return { ok: same, bytes: source.length, detail: `${path}: its ${types.join('+')} packets ${same ? 'match' : 'DIFFER from'} the source's (${source.length} bytes)` };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * A stream a failed job finished and kept for its retry (`<index>.video|audio|file` in
 * its checkpoint): byte-identical to that stream of the recommended variant.
 */
export async function verifyKeptStream(path: string, key: string, post: Post): Promise<SourceVerdict> {
  const [index, role] = key.split('.');
  const media = post.medias[Number(index)];
  if (!media || (role !== 'video' && role !== 'audio' && role !== 'file')) return { ok: false, bytes: 0, detail: `${path}: unknown stream ${key}` };
  const variant = media.variants?.find((candidate) => candidate.is_default) ?? media.variants?.[0];
  const url = role === 'video' ? variant?.video_url : role === 'audio' ? variant?.audio_url : (variant?.video_url ?? variant?.audio_url ?? media.resource_url);
  if (url === undefined) return { ok: false, bytes: 0, detail: `${path}: the post has no ${role} stream` };
  const source = await fetchSource(url, media.headers);
  const same = (await sha256OfFile(path)) === sha256(source);
  return { ok: same, bytes: source.length, detail: `${path}: kept ${role} stream ${same ? 'matches' : 'DIFFERS from'} its source` };
}
