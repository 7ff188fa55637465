import { normalizeCueText } from './cue-text';
import type { SubtitleParseResult } from './subtitle-error';
import { parseTimedTextXml } from './timed-text-xml';
import { textContent } from './xml-document';

/**
 * srv3: `<timedtext format="3"><body><p t="1500" d="2250">…</p></body></timedtext>`, times
 * in milliseconds. Auto-generated captions split a paragraph into word segments
 * (`<s t="240">word</s>`), which are joined; styling attributes (pens, windows) are dropped.
 */
export function parseSrv3(source: string): SubtitleParseResult {
  return parseTimedTextXml(source, {
    format: 'srv3',
    root: 'timedtext',
    cue: 'p',
    start: 't',
    duration: 'd',
    unitMs: 1,
    text: (cue) => normalizeCueText(textContent(cue)),
  });
}
