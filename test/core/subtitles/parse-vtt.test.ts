import { describe, expect, it } from 'vitest';
import { parseVtt } from '../../../src/core/subtitles';
import { cues, cuesOf, errorOf, fixtureText } from './fixtures';

describe('parseVtt', () => {
  it('reads the edge-case file (header, STYLE/NOTE/REGION, cue settings, tags, ruby, timestamps)', () => {
    expect(cuesOf(parseVtt(fixtureText('edge-cases.vtt')))).toEqual(
      cues(
        [1000, 2500, 'We are in New York City'],
        [2000, 4000, 'Yellow and italic & bold <3\nsecond line'],
        [3000, 3500, '\u6f22\u5b57 \u200e(kanji)'],
        [6000, 7000, 'karaoke words'],
        [3_600_000, 3_601_000, 'Bonjour'],
      ),
    );
  });

  it('takes a cue right under the signature line', () => {
    expect(cuesOf(parseVtt('WEBVTT\n00:01.000 --> 00:02.000\nHi\n'))).toEqual(cues([1000, 2000, 'Hi']));
  });

  it('requires the WEBVTT signature on line 1', () => {
    const error = errorOf(parseVtt('1\n00:00:01.000 --> 00:00:02.000\nHello\n'));
    expect(error).toMatchObject({ format: 'vtt', line: 1 });
    expect(error.message).toBe('Invalid WebVTT file at line 1: the first line must be "WEBVTT"');
  });

  it('names the line of a broken timing line, after an identifier', () => {
    const source = 'WEBVTT\n\n00:01.000 --> 00:02.000\nok\n\ncue-2\n00:03.000 --> soon\nbad\n';
    expect(errorOf(parseVtt(source))).toMatchObject({ format: 'vtt', line: 7 });
  });
});
