import { describe, expect, it } from 'vitest';
import { parseSrv1, parseSrv2, parseSrv3 } from '../../../src/core/subtitles';
import { cues, cuesOf, errorOf, fixtureText } from './fixtures';

describe('parseSrv1', () => {
  it('reads the edge-case file (seconds, double-escaped text, styling, missing dur)', () => {
    expect(cuesOf(parseSrv1(fixtureText('edge-cases.srv1')))).toEqual(
      cues(
        [1000, 2500, 'Hello & welcome'],
        [2000, 4000, 'Top line\nsecond line'],
        [3000, 3500, "I'm styled"],
        [7250, 8255, 'Fractional seconds, Tom & Jerry'],
        [9500, 10_123, 'No duration'],
        [10_123, 10_623, 'Sub-millisecond start'],
      ),
    );
  });

  it('names the line of a cue without a start', () => {
    const error = errorOf(parseSrv1('<transcript>\n<text start="1" dur="1">a</text>\n<text dur="1">b</text>\n</transcript>'));
    expect(error).toMatchObject({ format: 'srv1', line: 3 });
    expect(error.message).toBe('Invalid srv1 file at line 3: <text> has no start attribute');
  });

  it('gives the XML parser line for broken XML', () => {
    expect(errorOf(parseSrv1('<transcript>\n<text start="1" dur="1">a &amp b</text>\n</transcript>'))).toMatchObject({ format: 'srv1', line: 2 });
  });
});

describe('parseSrv2', () => {
  it('reads the edge-case file (milliseconds, window definitions, literal escaped tags, overlaps)', () => {
    expect(cuesOf(parseSrv2(fixtureText('edge-cases.srv2')))).toEqual(
      cues(
        [1000, 2500, 'Hello & welcome'],
        [2000, 4000, 'Top line\nsecond line'],
        [3000, 3500, '\u2019quoted\u2019 <i>not a tag</i>'],
        [7000, 8250, 'Overlap A'],
        [7000, 7500, 'Overlap B'],
      ),
    );
  });

  it('names the line of a time that is not a number, and a wrong root', () => {
    const error = errorOf(parseSrv2('<timedtext>\n<text t="0" d="1">a</text>\n\n<text t="1s" d="1">b</text>\n</timedtext>'));
    expect(error).toMatchObject({ format: 'srv2', line: 4 });
    expect(error.message).toBe('Invalid srv2 file at line 4: "1s" on <text> is not a number');
    expect(errorOf(parseSrv2('\n<transcript/>'))).toMatchObject({ format: 'srv2', line: 2 });
  });
});

describe('parseSrv3', () => {
  it('reads the edge-case file (head styles, word segments, append paragraphs, missing d)', () => {
    expect(cuesOf(parseSrv3(fixtureText('edge-cases.srv3')))).toEqual(
      cues(
        [1000, 2500, 'Hello & welcome'],
        [2000, 4000, 'Top line\nsecond line'],
        [3000, 3500, 'Out of order \u2019quoted\u2019'],
        [7000, 9500, 'No duration'],
        [9500, 10_750, 'Line one\nline two'],
      ),
    );
  });

  it('gives the XML parser line for an unclosed paragraph', () => {
    const error = errorOf(parseSrv3('<timedtext format="3">\n<body>\n<p t="0" d="1">a\n</body>\n</timedtext>'));
    expect(error).toMatchObject({ format: 'srv3', line: 4 });
    expect(error.message).toMatch(/^Invalid srv3 file at line 4: not well-formed XML/);
  });
});
