import { ok } from '../../shared/errors';
import { plainFromMarkup } from './cue-text';
import { normalizeSource } from './decode-subtitle-bytes';
import { finishCues, type DraftCue } from './finish-cues';
import { invalidSubtitles, type SubtitleParseResult } from './subtitle-error';
import { excerpt, parseTimingLine } from './timing-line';

/** A line that means to be a timing line: a digit first, then an arrow. */
const TIMING_CANDIDATE = /^\s*\d[\d:.,]*\s*-->/;
const CUE_NUMBER = /^\s*\d+\s*$/;

/**
 * SRT, read line by line rather than block by block so that real files parse: missing cue
 * numbers, missing blank lines between cues, blank lines inside a cue's text (kept as the
 * same cue), `X1:… Y2:…` position coordinates after the end time.
 */
export function parseSrt(source: string): SubtitleParseResult {
  const lines = normalizeSource(source).split('\n');
  const drafts: DraftCue[] = [];
  let current: { startMs: number; endMs: number; lines: string[] } | undefined;
  for (const [index, line] of lines.entries()) {
    const lineNumber = index + 1;
    if (TIMING_CANDIDATE.test(line)) {
      const timing = parseTimingLine(line);
      if (!timing) {
        return invalidSubtitles('srt', `expected a timing line like "00:00:01,000 --> 00:00:02,500", found "${excerpt(line)}"`, lineNumber);
      }
      if (current) drafts.push(toDraft(current));
      current = { ...timing, lines: [] };
    } else if (current) {
      current.lines.push(line);
    } else if (line.trim() !== '' && !CUE_NUMBER.test(line)) {
      return invalidSubtitles('srt', `expected a cue number or a timing line, found "${excerpt(line)}"`, lineNumber);
    }
  }
  if (current) drafts.push(toDraft(current));
  return ok(finishCues(drafts));
}

function toDraft(cue: { startMs: number; endMs: number; lines: string[] }): DraftCue {
  const lines = [...cue.lines];
  // The line right before the next timing line is that cue's number, not this cue's text.
  if (CUE_NUMBER.test(lines.at(-1) ?? '')) lines.pop();
  return { startMs: cue.startMs, endMs: cue.endMs, text: plainFromMarkup(lines.join('\n')) };
}
