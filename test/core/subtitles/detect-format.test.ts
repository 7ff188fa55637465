import { describe, expect, it } from 'vitest';
import { decodeSubtitleBytes, detectSubtitleFormat } from '../../../src/core/subtitles';
import { fixtureBytes } from './fixtures';

describe('detectSubtitleFormat', () => {
  it.each([
    ['edge-cases.srt', 'srt'],
    ['edge-cases.vtt', 'vtt'],
    ['edge-cases.ttml', 'ttml'],
    ['ntsc-prefixed.ttml', 'ttml'],
    ['edge-cases.json3', 'json3'],
    ['edge-cases.srv1', 'srv1'],
    ['edge-cases.srv2', 'srv2'],
    ['edge-cases.srv3', 'srv3'],
    ['utf-16le.srt', 'srt'],
  ])('sniffs %s as %s', (name, format) => {
    expect(detectSubtitleFormat(decodeSubtitleBytes(fixtureBytes(name)))).toBe(format);
  });

  it.each([
    ['srt without cue numbers', '\n00:00:01,000 --> 00:00:02,000\nHi\n', 'srt'],
    ['WebVTT with only a signature', '\uFEFFWEBVTT', 'vtt'],
    ['srv3 without the format attribute', '<timedtext><body><p t="0" d="1">a</p></body></timedtext>', 'srv3'],
    ['TTML after a doctype and a comment', '<!DOCTYPE tt>\n<!-- x -->\n<tt:tt xmlns:tt="x"/>', 'ttml'],
    ['an HTML error page', '<!DOCTYPE html><html><body>404</body></html>', undefined],
    ['JSON that is not json3', '{"error": "not found"}', undefined],
    ['WEBVTTX is not a signature', 'WEBVTTX\n', undefined],
    ['plain text', 'hello', undefined],
    ['nothing', '', undefined],
  ])('%s', (_name, source, format) => {
    expect(detectSubtitleFormat(source)).toBe(format);
  });
});
