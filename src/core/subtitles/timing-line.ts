import { parseClockTimestamp } from './clock-timestamp';

/**
 * `start --> end` of SRT and WebVTT. What follows the end time (WebVTT cue settings such
 * as `align:start position:10%`, SRT's `X1:… Y2:…` coordinates) is position only: ignored.
 */
export function parseTimingLine(line: string): { startMs: number; endMs: number } | undefined {
  const match = /^\s*([\d:.,]+)\s*-->\s*([\d:.,]+)(?:\s.*)?$/.exec(line);
  if (!match) return undefined;
  const startMs = parseClockTimestamp(match[1] ?? '');
  const endMs = parseClockTimestamp(match[2] ?? '');
  return startMs === undefined || endMs === undefined ? undefined : { startMs, endMs };
}

/** A line quoted in an error message, kept short. */
export function excerpt(line: string): string {
  const trimmed = line.trim();
  return trimmed.length > 60 ? `${trimmed.slice(0, 57)}...` : trimmed;
}
