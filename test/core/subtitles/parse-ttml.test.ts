import { describe, expect, it } from 'vitest';
import { parseTtml } from '../../../src/core/subtitles';
import { cues, cuesOf, errorOf, fixtureText } from './fixtures';

describe('parseTtml', () => {
  it('reads the edge-case file (clock, frame, sub-frame, offset and tick times; nesting; whitespace)', () => {
    expect(cuesOf(parseTtml(fixtureText('edge-cases.ttml')))).toEqual(
      cues(
        [480, 1500, 'Twelve frames'],
        [1000, 2500, 'Hello & welcome'],
        [1500, 3500, 'Offset times with a source line break'],
        [2000, 4000, 'Frame based\nsecond line'],
        [5000, 6000, 'Ticks \u2019here\u2019'],
        [7480, 7980, 'Frames 12 to 24.5'],
        [30_000, 36_000, 'Minutes and hours'],
        [40_000, 41_000, 'Literal <b> & text'],
        [61_000, 62_000, 'Nested in a timed div\nline two'],
        [63_000, 70_000, 'Ends with its div'],
        [64_000, 65_000, 'Timed'],
        [65_000, 66_000, 'spans'],
      ),
    );
  });

  it('reads prefixed elements, an NTSC frame-rate multiplier and the default tick rate', () => {
    // 300 frames at 30000/1001 fps = 10.01 s; 18 frames = 600.6 ms; 3000 ticks at 29.97 Hz = 100.1 s.
    expect(cuesOf(parseTtml(fixtureText('ntsc-prefixed.ttml')))).toEqual(
      cues([10_010, 20_020, 'NTSC frames'], [30_601, 100_100, 'Clock frames and default ticks']),
    );
  });

  it('gives the XML parser line for a document that is not well-formed', () => {
    const source = '<tt xmlns="http://www.w3.org/ns/ttml">\n<body>\n<div>\n<p begin="1s" end="2s">open\n</div>\n</body>\n</tt>\n';
    const error = errorOf(parseTtml(source));
    expect(error).toMatchObject({ format: 'ttml', line: 5 });
    expect(error.message).toMatch(/^Invalid TTML file at line 5: not well-formed XML/);
  });

  it('names the line of a bad time expression', () => {
    const source = '<tt>\n<body><div>\n<p begin="1s" end="2s">ok</p>\n<!-- <p> in a comment -->\n<p begin="soon" end="2s">bad</p>\n</div></body></tt>';
    const error = errorOf(parseTtml(source));
    expect(error).toMatchObject({ format: 'ttml', line: 5 });
    expect(error.message).toContain('begin="soon" on <p> is not a TTML time expression');
  });

  it('rejects a document whose root is not <tt>, and a bad frame rate', () => {
    expect(errorOf(parseTtml('<?xml version="1.0"?>\n<html><body/></html>'))).toMatchObject({ format: 'ttml', line: 2 });
    expect(errorOf(parseTtml('<tt ttp:frameRate="fast"><body/></tt>')).message).toContain('ttp:frameRate "fast"');
  });
});
