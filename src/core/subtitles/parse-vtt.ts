import { ok } from '../../shared/errors';
import { plainFromMarkup } from './cue-text';
import { normalizeSource } from './decode-subtitle-bytes';
import { finishCues, type DraftCue } from './finish-cues';
import { invalidSubtitles, type SubtitleParseResult } from './subtitle-error';
import { excerpt, parseTimingLine } from './timing-line';

/**
 * WebVTT: the `WEBVTT` signature, header lines (YouTube's `Kind:` and `Language:`), then
 * blocks separated by blank lines. A cue block has an optional identifier, a timing line
 * with optional cue settings and text; NOTE, STYLE and REGION blocks, and blocks without a
 * timing line, are skipped as the WebVTT parsing rules say.
 */
export function parseVtt(source: string): SubtitleParseResult {
  const lines = normalizeSource(source).split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    return invalidSubtitles('vtt', 'the first line must be "WEBVTT"', 1);
  }
  const drafts: DraftCue[] = [];
  for (const block of blocksAfterHeader(lines)) {
    if (/^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block.lines[0] ?? '')) continue;
    const timingIndex = block.lines.findIndex((line, index) => index < 2 && line.includes('-->'));
    if (timingIndex === -1) continue;
    const timing = parseTimingLine(block.lines[timingIndex] ?? '');
    if (!timing) {
      const found = excerpt(block.lines[timingIndex] ?? '');
      return invalidSubtitles('vtt', `expected a timing line like "00:01.000 --> 00:02.500", found "${found}"`, block.firstLine + timingIndex);
    }
    drafts.push({ ...timing, text: plainFromMarkup(block.lines.slice(timingIndex + 1).join('\n')) });
  }
  return ok(finishCues(drafts));
}

/** The blocks after the header block, each with the 1-based number of its first line. */
function blocksAfterHeader(lines: readonly string[]): Array<{ firstLine: number; lines: string[] }> {
  const blocks: Array<{ firstLine: number; lines: string[] }> = [];
  let current: { firstLine: number; lines: string[] } | undefined;
  let inHeader = true;
  for (const [index, line] of lines.entries()) {
    if (index === 0) continue;
    // A timing line right under the signature (no blank line) starts a cue all the same.
    if (inHeader && line.includes('-->')) inHeader = false;
    if (line.trim() === '') {
      inHeader = false;
      current = undefined;
    } else if (!inHeader) {
      if (!current) {
        current = { firstLine: index + 1, lines: [] };
        blocks.push(current);
      }
      current.lines.push(line);
    }
  }
  return blocks;
}
