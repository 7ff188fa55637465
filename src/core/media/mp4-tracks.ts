import { open, stat } from 'node:fs/promises';

/*
 * What an MP4's own index says about its tracks, read in-process from its box headers:
 * enough to choose the merged container and size its index without starting ffmpeg (a
 * process start costs more than the merge of a small file). Anything unusual (not MP4, a
 * fragmented file whose samples are outside the index, an index too large to read) gives
 * undefined, and the caller asks ffmpeg instead.
 */

export interface Mp4Track {
  /** The handler: 'vide', 'soun', … */
  handler: string;
  /** The first sample entry's type: 'avc1', 'hvc1', 'mp4a', 'Opus', … */
  format: string;
  samples: number;
}

export interface Mp4Tracks {
  tracks: Mp4Track[];
  /** The movie's duration (mvhd), when it states one. */
  durationSeconds?: number;
  /** Bytes of user metadata (udta, meta), which a remux copies into its own index. */
  metadataBytes: number;
}

const MAX_MOOV_BYTES = 64 * 1024 * 1024;
const CONTAINERS = new Set(['trak', 'mdia', 'minf', 'stbl']);

interface Box {
  type: string;
  start: number;
  end: number;
  /** Where the box's content begins (after the size, type and any 64-bit size). */
  body: number;
}

/** The boxes laid end to end in `buffer` from `start` to `end`; undefined if they do not fit. */
function children(buffer: Buffer, start: number, end: number): Box[] | undefined {
  const boxes: Box[] = [];
  for (let offset = start; offset + 8 <= end; ) {
    const small = buffer.readUInt32BE(offset);
    const large = small === 1 && offset + 16 <= end ? Number(buffer.readBigUInt64BE(offset + 8)) : undefined;
    const size = small === 0 ? end - offset : (large ?? small);
    if (size < 8 || offset + size > end) return undefined;
    boxes.push({ type: buffer.toString('latin1', offset + 4, offset + 8), start: offset, end: offset + size, body: offset + (small === 1 ? 16 : 8) });
    offset += size;
  }
  return boxes;
}

/** The top-level `moov` of a plain (not fragmented) MP4, or undefined. */
async function readMoov(file: string): Promise<Buffer | undefined> {
  // A FIFO or device would block the read: only regular files.
  const stats = await stat(file).catch(() => undefined);
  if (!stats?.isFile()) return undefined;
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(16);
    let moov: { offset: number; size: number } | undefined;
    for (let offset = 0; offset + 8 <= stats.size; ) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return undefined;
      const small = header.readUInt32BE(0);
      const size = small === 1 && bytesRead === 16 ? Number(header.readBigUInt64BE(8)) : small === 0 ? stats.size - offset : small;
      const type = header.toString('latin1', 4, 8);
      // Not an MP4, or one cut short: ffmpeg will say what is wrong with it.
      if (size < 8 || offset + size > stats.size || (offset === 0 && type !== 'ftyp')) return undefined;
      if (type === 'moof') return undefined;
      if (type === 'moov') moov = { offset, size };
      offset += size;
    }
    if (!moov || moov.size > MAX_MOOV_BYTES) return undefined;
    const buffer = Buffer.alloc(moov.size);
    const { bytesRead } = await handle.read(buffer, 0, moov.size, moov.offset);
    return bytesRead === moov.size ? buffer : undefined;
  } finally {
    await handle.close();
  }
}

/** mvhd: version and flags, then creation and modification times, timescale, duration (64-bit fields in version 1). */
function movieDuration(moov: Buffer, box: Box): Pick<Mp4Tracks, 'durationSeconds'> {
  const wide = moov[box.body] === 1;
  const at = box.body + (wide ? 20 : 12);
  if (at + (wide ? 12 : 8) > box.end) return {};
  const timescale = moov.readUInt32BE(at);
  const duration = wide ? Number(moov.readBigUInt64BE(at + 4)) : moov.readUInt32BE(at + 4);
  return timescale > 0 && duration > 0 ? { durationSeconds: duration / timescale } : {};
}

/** The tracks of an MP4 file as its index lists them; undefined when it cannot tell. */
export async function readMp4Tracks(file: string): Promise<Mp4Tracks | undefined> {
  const moov = await readMoov(file).catch(() => undefined);
  const top = moov && children(moov, 0, moov.length)?.[0];
  const boxes = moov && top?.type === 'moov' ? children(moov, top.body, top.end) : undefined;
  if (!moov || !boxes || boxes.some((box) => box.type === 'mvex')) return undefined;
  const result: Mp4Tracks = { tracks: [], metadataBytes: 0 };
  const track: Partial<Mp4Track> = {};
  const visit = (list: Box[]): boolean => {
    for (const box of list) {
      if (box.type === 'udta' || box.type === 'meta') result.metadataBytes += box.end - box.start;
      else if (box.type === 'hdlr' && box.body + 16 <= box.end) track.handler = moov.toString('latin1', box.body + 8, box.body + 12);
      // stsd: version/flags, entry count, then the first entry's size and type.
      else if (box.type === 'stsd' && box.body + 16 <= box.end) track.format = moov.toString('latin1', box.body + 12, box.body + 16);
      // stsz and stz2: version/flags, a field, then the sample count.
      else if ((box.type === 'stsz' || box.type === 'stz2') && box.body + 12 <= box.end) track.samples = moov.readUInt32BE(box.body + 8);
      else if (CONTAINERS.has(box.type)) {
        const inner = children(moov, box.body, box.end);
        if (!inner || !visit(inner)) return false;
      }
    }
    return true;
  };
  for (const box of boxes) {
    if (box.type === 'mvhd') Object.assign(result, movieDuration(moov, box));
    if (box.type === 'udta' || box.type === 'meta') result.metadataBytes += box.end - box.start;
    if (box.type !== 'trak') continue;
    Object.assign(track, { handler: undefined, format: undefined, samples: undefined });
    const inner = children(moov, box.body, box.end);
    if (!inner || !visit(inner)) return undefined;
    const { handler, format, samples } = track;
    if (handler === undefined || format === undefined || samples === undefined) return undefined;
    result.tracks.push({ handler, format, samples });
  }
  return result;
}
