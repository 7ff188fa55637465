import type { SubtitleFormat } from '../../shared/subtitles';
import { normalizeSource } from './decode-subtitle-bytes';

/**
 * The format of subtitle text, sniffed from its start: the WebVTT signature, a JSON
 * object (json3), the XML root element (`tt` → TTML, `transcript` → srv1, `timedtext` →
 * srv3 when it says format="3" or has a body, else srv2), or an SRT timing line.
 * Undefined when it looks like none of them.
 */
export function detectSubtitleFormat(source: string): SubtitleFormat | undefined {
  const text = normalizeSource(source).trimStart();
  if (/^WEBVTT(?:[ \t\n]|$)/.test(text)) return 'vtt';
  if (text.startsWith('{')) return /"events"\s*:/.test(text) ? 'json3' : undefined;
  if (text.startsWith('<')) return xmlFormat(text);
  return /^\s*\d+:\d{1,2}:\d{1,2}[,.]\d+\s*-->/m.test(text) ? 'srt' : undefined;
}

function xmlFormat(text: string): SubtitleFormat | undefined {
  // Skip the declaration, comments, processing instructions and a doctype.
  const body = text.replace(/^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>))*\s*/i, '');
  const root = /^<(?:[\w.-]+:)?([\w.-]+)([^>]*)>/.exec(body);
  switch (root?.[1]) {
    case 'tt':
      return 'ttml';
    case 'transcript':
      return 'srv1';
    case 'timedtext':
      return /\bformat\s*=\s*["']3["']/.test(root[2] ?? '') || /<body[\s>]/.test(body) ? 'srv3' : 'srv2';
    default:
      return undefined;
  }
}
