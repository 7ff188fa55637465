import type { SubtitleFormat } from '../../shared/subtitles';
import type { Result } from '../../shared/errors';
import type { Cue } from '../../shared/subtitles';

/** A subtitle file we could not read: which format, where, and why, as data. */
export interface SubtitleError {
  kind: 'subtitles';
  code: 'invalid_subtitles';
  /** 'unknown' when the format was neither given nor recognisable from the content. */
  format: SubtitleFormat | 'unknown';
  /** 1-based line of the problem, when it can be told. */
  line?: number;
  message: string;
}

export type SubtitleParseResult = Result<Cue[], SubtitleError>;

const FORMAT_LABELS: Record<SubtitleFormat | 'unknown', string> = {
  srt: 'SRT',
  vtt: 'WebVTT',
  ttml: 'TTML',
  json3: 'json3',
  srv1: 'srv1',
  srv2: 'srv2',
  srv3: 'srv3',
  unknown: 'subtitle',
};

export function invalidSubtitles(
  format: SubtitleFormat | 'unknown',
  reason: string,
  line?: number,
): { ok: false; error: SubtitleError } {
  const where = line === undefined ? '' : ` at line ${line}`;
  const message = `Invalid ${FORMAT_LABELS[format]} file${where}: ${reason}`;
  return { ok: false, error: { kind: 'subtitles', code: 'invalid_subtitles', format, ...(line === undefined ? {} : { line }), message } };
}
