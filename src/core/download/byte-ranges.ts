/** Half-open byte ranges [start, end), kept sorted and disjoint. */
export type ByteRange = readonly [start: number, end: number];

export function addRange(ranges: readonly ByteRange[], start: number, end: number): ByteRange[] {
  if (end <= start) return [...ranges];
  const out: ByteRange[] = [];
  let merged: [number, number] = [start, end];
  let placed = false;
  for (const range of ranges) {
    if (range[1] < merged[0]) {
      out.push(range);
    } else if (range[0] > merged[1]) {
      if (!placed) out.push(merged);
      placed = true;
      out.push(range);
    } else {
      merged = [Math.min(range[0], merged[0]), Math.max(range[1], merged[1])];
    }
  }
  if (!placed) out.push(merged);
  return out;
}

export const coveredBytes = (ranges: readonly ByteRange[]): number => ranges.reduce((sum, [start, end]) => sum + end - start, 0);

/** The gaps of `ranges` within [0, total). */
export function missingRanges(ranges: readonly ByteRange[], total: number): ByteRange[] {
  const out: ByteRange[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start >= total) break;
    if (start > at) out.push([at, start]);
    at = Math.max(at, end);
  }
  if (at < total) out.push([at, total]);
  return out;
}

/** Ranges cut to [0, limit): what a file of `limit` bytes can really hold. */
export const clampRanges = (ranges: readonly ByteRange[], limit: number): ByteRange[] =>
  ranges.filter(([start]) => start < limit).map(([start, end]): ByteRange => [start, Math.min(end, limit)]);

/**
 * Splits the missing ranges into pieces for `connections` parallel requests: each piece at
 * most about an equal share of the bytes, and none smaller than `minPiece` unless its gap is.
 */
export function splitRanges(missing: readonly ByteRange[], connections: number, minPiece: number): ByteRange[] {
  const share = Math.max(minPiece, Math.ceil(coveredBytes(missing) / Math.max(1, connections)));
  const pieces: ByteRange[] = [];
  for (const [start, end] of missing) {
    const count = Math.max(1, Math.floor((end - start) / share));
    const size = Math.ceil((end - start) / count);
    for (let at = start; at < end; at += size) pieces.push([at, Math.min(end, at + size)]);
  }
  return pieces;
}
