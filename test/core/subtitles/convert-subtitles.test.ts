import { describe, expect, it } from 'vitest';
import { convertSubtitles, parseSrt, parseSrv3, parseVtt } from '../../../src/core/subtitles';
import { cuesOf, fixtureBytes, fixtureText } from './fixtures';

const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function converted(...args: Parameters<typeof convertSubtitles>): { text: string; extension: string } {
  const result = convertSubtitles(...args);
  if (!result.ok) throw new Error(result.error.message);
  return { text: decode(result.value.bytes), extension: result.value.extension };
}

describe('convertSubtitles', () => {
  it('turns srv3 into SRT and WebVTT with the same cues', () => {
    const cues = cuesOf(parseSrv3(fixtureText('edge-cases.srv3')));
    const srt = converted(fixtureBytes('edge-cases.srv3'), 'srv3', 'srt');
    const vtt = converted(fixtureBytes('edge-cases.srv3'), 'srv3', 'vtt');
    expect(srt.extension).toBe('srt');
    expect(vtt.extension).toBe('vtt');
    expect(srt.text.startsWith('1\n00:00:01,000 --> 00:00:02,500\nHello & welcome\n\n')).toBe(true);
    expect(cuesOf(parseSrt(srt.text))).toEqual(cues);
    expect(cuesOf(parseVtt(vtt.text))).toEqual(cues);
  });

  it('turns a Windows-1252 SRT into UTF-8', () => {
    expect(converted(fixtureBytes('windows-1252.srt'), 'srt', 'srt').text).toBe(
      '1\n00:00:01,000 --> 00:00:02,000\nCaf\u00e9 cr\u00e8me \u2013 na\u00efve\n',
    );
  });

  it('returns the original bytes unchanged, with the source format as extension', () => {
    const bytes = fixtureBytes('edge-cases.json3');
    const result = convertSubtitles(bytes, 'json3', 'original');
    expect(result).toEqual({ ok: true, value: { bytes, extension: 'json3' } });
    if (result.ok) expect(result.value.bytes).toBe(bytes);
  });

  it('reports a file that does not parse as its source format', () => {
    const result = convertSubtitles(fixtureBytes('edge-cases.srv3'), 'vtt', 'srt');
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'subtitles',
        code: 'invalid_subtitles',
        format: 'vtt',
        line: 1,
        message: 'Invalid WebVTT file at line 1: the first line must be "WEBVTT"',
      },
    });
  });
});
