import type { SubtitleFormat } from '../../shared/subtitles';
import { decodeSubtitleBytes } from './decode-subtitle-bytes';
import { detectSubtitleFormat } from './detect-format';
import { parseJson3 } from './parse-json3';
import { parseSrt } from './parse-srt';
import { parseSrv1 } from './parse-srv1';
import { parseSrv2 } from './parse-srv2';
import { parseSrv3 } from './parse-srv3';
import { parseTtml } from './parse-ttml';
import { parseVtt } from './parse-vtt';
import { invalidSubtitles, type SubtitleParseResult } from './subtitle-error';

const PARSERS: Record<SubtitleFormat, (source: string) => SubtitleParseResult> = {
  srt: parseSrt,
  vtt: parseVtt,
  ttml: parseTtml,
  json3: parseJson3,
  srv1: parseSrv1,
  srv2: parseSrv2,
  srv3: parseSrv3,
};

/**
 * Cues from a subtitle file in any of the seven formats. Bytes are decoded first (UTF-8,
 * UTF-16 with a BOM, or Windows-1252); without a format it is sniffed from the content.
 * Never throws for bad input: the error names the format and, where known, the line.
 */
export function parseSubtitles(input: string | Uint8Array, format?: SubtitleFormat): SubtitleParseResult {
  const source = typeof input === 'string' ? input : decodeSubtitleBytes(input);
  const resolved = format ?? detectSubtitleFormat(source);
  if (resolved === undefined) {
    return invalidSubtitles('unknown', 'not a recognised subtitle format (srt, vtt, ttml, json3, srv1, srv2 or srv3)');
  }
  return PARSERS[resolved](source);
}
