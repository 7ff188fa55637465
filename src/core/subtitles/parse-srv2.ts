import { normalizeCueText } from './cue-text';
import type { SubtitleParseResult } from './subtitle-error';
import { parseTimedTextXml } from './timed-text-xml';
import { textContent } from './xml-document';

/** srv2: `<timedtext><text t="1500" d="2250">…</text></timedtext>`, times in milliseconds. */
export function parseSrv2(source: string): SubtitleParseResult {
  return parseTimedTextXml(source, {
    format: 'srv2',
    root: 'timedtext',
    cue: 'text',
    start: 't',
    duration: 'd',
    unitMs: 1,
    text: (cue) => normalizeCueText(textContent(cue)),
  });
}
