import { describe, expect, it } from 'vitest';
import { parseSrt } from '../../../src/core/subtitles';
import { cues, cuesOf, errorOf, fixtureText } from './fixtures';

describe('parseSrt', () => {
  it('reads the edge-case file (BOM, CRLF, tags, entities, missing numbers and blank lines)', () => {
    expect(cuesOf(parseSrt(fixtureText('edge-cases.srt')))).toEqual(
      cues(
        [1000, 2500, 'Hello & welcome'],
        [2000, 4000, 'Top line\nsecond\u00a0line'],
        [3000, 3500, 'out of order \u2019quoted\u2019 <sigh>'],
        [7000, 8250, 'no number above <tag>'],
        [9500, 10750, 'missing blank line before'],
        [12000, 13000, 'text with a blank line\ninside it'],
        [360_000_000, 360_001_000, 'Long spaced text\na --> b'],
      ),
    );
  });

  it('accepts an empty file as no cues', () => {
    expect(cuesOf(parseSrt('\uFEFF\r\n\r\n'))).toEqual([]);
  });

  it('names the line of a broken timing line', () => {
    const error = errorOf(parseSrt('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 --> 00:0x:04,000\nbad\n'));
    expect(error).toMatchObject({ kind: 'subtitles', code: 'invalid_subtitles', format: 'srt', line: 6 });
    expect(error.message).toBe(
      'Invalid SRT file at line 6: expected a timing line like "00:00:01,000 --> 00:00:02,500", found "00:00:03,000 --> 00:0x:04,000"',
    );
  });

  it('rejects a timing line without an end, and out-of-range minutes', () => {
    expect(errorOf(parseSrt('\n\n1\n00:00:01,000 -->\nx\n'))).toMatchObject({ format: 'srt', line: 4 });
    expect(errorOf(parseSrt('1\n00:61:00,000 --> 00:62:00,000\nx\n'))).toMatchObject({ format: 'srt', line: 2 });
  });

  it('rejects text that is not SRT at its first line', () => {
    const error = errorOf(parseSrt('\n<html><body>Not found</body></html>\n'));
    expect(error).toMatchObject({ format: 'srt', line: 2 });
    expect(error.message).toContain('expected a cue number or a timing line');
  });
});
