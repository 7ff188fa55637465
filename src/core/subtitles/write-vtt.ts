import type { Cue } from '../../shared/subtitles';
import { formatClockTimestamp } from './clock-timestamp';
import { cueLines } from './cue-text';

/**
 * WebVTT from cues: the signature, then `hh:mm:ss.mmm --> hh:mm:ss.mmm` and the text.
 * `&`, `<` and `>` are escaped as WebVTT requires (which also keeps `-->` out of cue
 * text), `{\` as a character reference so it is not read as an ASS block; blank lines
 * inside a cue are dropped and cues without text skipped.
 */
export function writeVtt(cues: readonly Cue[]): string {
  const blocks = cues
    .map((cue) => ({ cue, lines: cueLines(cue.text).map(escapeVttLine) }))
    .filter(({ lines }) => lines.length > 0)
    .map(({ cue, lines }) => {
      const timing = `${formatClockTimestamp(cue.startMs, '.')} --> ${formatClockTimestamp(cue.endMs, '.')}`;
      return `${timing}\n${lines.join('\n')}\n`;
    });
  return ['WEBVTT\n', ...blocks].join('\n');
}

function escapeVttLine(line: string): string {
  return line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\{(?=\\)/g, '&#123;');
}
