import { describe, expect, it } from 'vitest';
import { parseSubtitles } from '../../../src/core/subtitles';
import type { SubtitleFormat } from '../../../src/shared/subtitles';
import { cues, cuesOf, errorOf, fixtureBytes, fixtureText } from './fixtures';

const FIXTURES: Array<[string, SubtitleFormat]> = [
  ['edge-cases.srt', 'srt'],
  ['edge-cases.vtt', 'vtt'],
  ['edge-cases.ttml', 'ttml'],
  ['edge-cases.json3', 'json3'],
  ['edge-cases.srv1', 'srv1'],
  ['edge-cases.srv2', 'srv2'],
  ['edge-cases.srv3', 'srv3'],
];

describe('parseSubtitles', () => {
  it.each(FIXTURES)('reads %s the same with a BOM and CRLF line ends, as text or bytes, with or without the format', (name, format) => {
    const expected = cuesOf(parseSubtitles(fixtureText(name), format));
    expect(expected.length).toBeGreaterThan(3);
    const variant = `\uFEFF${fixtureText(name).replace(/^\uFEFF/, '').replace(/\r?\n/g, '\r\n')}`;
    expect(cuesOf(parseSubtitles(variant, format))).toEqual(expected);
    expect(cuesOf(parseSubtitles(new TextEncoder().encode(variant)))).toEqual(expected);
    expect(cuesOf(parseSubtitles(fixtureBytes(name)))).toEqual(expected);
  });

  it('decodes UTF-16 with a BOM and Windows-1252 files', () => {
    const expected = cues([1000, 2000, 'Caf\u00e9 cr\u00e8me \u2013 na\u00efve']);
    expect(cuesOf(parseSubtitles(fixtureBytes('utf-16le.srt')))).toEqual(expected);
    expect(cuesOf(parseSubtitles(fixtureBytes('windows-1252.srt'), 'srt'))).toEqual(expected);
  });

  it('says so when the format is neither given nor recognisable', () => {
    expect(errorOf(parseSubtitles('<html>nope</html>'))).toEqual({
      kind: 'subtitles',
      code: 'invalid_subtitles',
      format: 'unknown',
      message: 'Invalid subtitle file: not a recognised subtitle format (srt, vtt, ttml, json3, srv1, srv2 or srv3)',
    });
  });

  it.each(FIXTURES)('never throws on garbage given as %s', (_name, format) => {
    const garbage = ['\u0000\u0001binary', '<', '{', 'WEBVTT\n\n1:2:3 --> x', '1\n00:00 -->\n', '<tt><body><p begin="1s">'];
    const errors = garbage.map((source) => parseSubtitles(source, format)).flatMap((result) => (result.ok ? [] : [result.error]));
    expect(errors.length).toBeGreaterThanOrEqual(4);
    for (const error of errors) expect(error).toMatchObject({ kind: 'subtitles', code: 'invalid_subtitles', format });
  });
});
