import { describe, expect, it } from 'vitest';
import { parseJson3 } from '../../../src/core/subtitles';
import { cues, cuesOf, errorOf, fixtureText } from './fixtures';

describe('parseJson3', () => {
  it('reads the edge-case file (window events without segs, newline segs, omitted zero start, no duration)', () => {
    expect(cuesOf(parseJson3(fixtureText('edge-cases.json3')))).toEqual(
      cues(
        [0, 500, 'Starts at zero (tStartMs omitted)'],
        [1000, 2500, 'Hello & welcome'],
        [2000, 4000, 'Top line\nsecond line'],
        // json3 text is plain Unicode, never HTML: an ampersand sequence stays as written.
        [3000, 3500, 'Out of order \u2019quoted\u2019 &amp; literal'],
        [7000, 9500, 'No duration: ends at the next cue'],
        [9500, 10_750, 'Unicode \u00e9\u00e8 \u{1F600}'],
      ),
    );
  });

  it('names the line of a JSON syntax error', () => {
    const error = errorOf(parseJson3('{\n  "events": [\n    {"tStartMs": 0,, "segs": []}\n  ]\n}\n'));
    expect(error).toMatchObject({ format: 'json3', line: 3 });
    expect(error.message).toMatch(/^Invalid json3 file at line 3: not valid JSON/);
  });

  it('names the event with a wrong shape (validated with zod)', () => {
    const error = errorOf(parseJson3('{"events": [{"tStartMs": 0, "segs": []}, {"tStartMs": "soon", "segs": []}]}'));
    expect(error.format).toBe('json3');
    expect(error.message).toMatch(/^Invalid json3 file: event 2, tStartMs: /);
    expect(errorOf(parseJson3('{"wireMagic": "pb3"}')).message).toMatch(/^Invalid json3 file: events: /);
  });
});
