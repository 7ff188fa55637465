import { plainFromMarkup } from './cue-text';
import type { SubtitleParseResult } from './subtitle-error';
import { parseTimedTextXml } from './timed-text-xml';
import { textContent } from './xml-document';

/**
 * srv1: `<transcript><text start="1.5" dur="2.25">…</text></transcript>`, times in seconds.
 * YouTube escapes the text twice (`&amp;#39;`, `&lt;font color=…&gt;`), so after the XML
 * layer the text is read once more as HTML-ish markup, like SRT.
 */
export function parseSrv1(source: string): SubtitleParseResult {
  return parseTimedTextXml(source, {
    format: 'srv1',
    root: 'transcript',
    cue: 'text',
    start: 'start',
    duration: 'dur',
    unitMs: 1000,
    text: (cue) => plainFromMarkup(textContent(cue)),
  });
}
