import type { Cue } from '../../shared/subtitles';
import { formatClockTimestamp } from './clock-timestamp';
import { cueLines, MARKUP_START } from './cue-text';

/**
 * SRT from cues: numbered from 1, `hh:mm:ss,mmm`, LF line ends, a blank line between
 * cues. Blank lines inside a cue's text are dropped (they would end the cue) and cues
 * left without text are skipped. SRT has no escaping rules, so only what a reader would
 * take for markup is escaped, as entities: an entity-like `&…;`, a styling tag, `-->`
 * (a timing line) and an ASS block `{\…}`. Plain text such as `Tom & Jerry` or `<sigh>`
 * stays as is.
 */
export function writeSrt(cues: readonly Cue[]): string {
  return cues
    .map((cue) => ({ cue, lines: cueLines(cue.text).map(escapeSrtLine) }))
    .filter(({ lines }) => lines.length > 0)
    .map(({ cue, lines }, index) => {
      const timing = `${formatClockTimestamp(cue.startMs, ',')} --> ${formatClockTimestamp(cue.endMs, ',')}`;
      return `${index + 1}\n${timing}\n${lines.join('\n')}\n`;
    })
    .join('\n');
}

function escapeSrtLine(line: string): string {
  return line
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;')
    .replace(MARKUP_START, '&lt;')
    .replace(/-->/g, '--&gt;')
    .replace(/\{(?=\\)/g, '&#123;');
}
