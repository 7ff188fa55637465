/** What a `Range` header asks of a file of `size` bytes (RFC 9110 §14, one range only). */
export type ByteRange =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Multi-range, other units and malformed headers (a last byte before the first included)
 * are answered with the whole file, which the RFC allows (a server may ignore Range):
 * players and Trove's downloader only ever ask for one range. One parser for every server
 * Trove runs: web mode's and the app's media files, and the sandbox's media.
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange {
  const match = header === null || header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // A suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
