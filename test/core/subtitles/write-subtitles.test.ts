import { describe, expect, it } from 'vitest';
import { parseSrt, parseSubtitles, parseVtt, writeSrt, writeVtt } from '../../../src/core/subtitles';
import { SUBTITLE_FORMATS } from '../../../src/shared/subtitles';
import { cues, cuesOf, fixtureBytes } from './fixtures';

const FIXTURES = ['edge-cases.srt', 'edge-cases.vtt', 'edge-cases.ttml', 'edge-cases.json3', 'edge-cases.srv1', 'edge-cases.srv2', 'edge-cases.srv3'];

/** Text a naive writer would let the reader take for markup, timing or a cue break. */
const TRICKY = cues(
  [0, 1500, 'Tom & Jerry &amp; co &#39;quoted&#39;'],
  [1500, 2000, '<i>not italic</i> a < b > c <sigh> <00:01.000>'],
  [2000, 3000, 'an arrow --> inside\n00:00:05,000 --> 00:00:06,000'],
  [3000, 4000, '{\\an8} literal override'],
  [4000, 5000, '42'],
  [5000, 6000, 'blank\n\n\nlines dropped'],
  [6000, 7000, ''],
  [3_600_000 * 101 + 7, 3_600_000 * 101 + 8, 'over a hundred hours'],
);

describe('writeSrt and writeVtt', () => {
  it('write the usual layouts', () => {
    const two = cues([1000, 2500, 'Hello'], [3000, 4000.4, 'two\nlines']);
    expect(writeSrt(two)).toBe('1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\ntwo\nlines\n');
    expect(writeVtt(two)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello\n\n00:00:03.000 --> 00:00:04.000\ntwo\nlines\n');
    expect(writeSrt([])).toBe('');
    expect(writeVtt([])).toBe('WEBVTT\n');
  });

  it('escape what would read as markup, and keep plain text readable', () => {
    const srt = writeSrt(TRICKY);
    expect(srt).toContain('\nTom & Jerry &amp;amp; co &amp;#39;quoted&amp;#39;\n');
    expect(srt).toContain('\n&lt;i>not italic&lt;/i> a < b > c <sigh> &lt;00:01.000>\n');
    expect(srt).toContain('\nan arrow --&gt; inside\n00:00:05,000 --&gt; 00:00:06,000\n');
    expect(srt).toContain('\n&#123;\\an8} literal override\n');
    expect(srt).toContain('\nblank\nlines dropped\n');
    expect(writeVtt(TRICKY)).toContain('\n&lt;i&gt;not italic&lt;/i&gt; a &lt; b &gt; c &lt;sigh&gt; &lt;00:01.000&gt;\n');
  });

  it('read back exactly what they wrote, tricky text included', () => {
    const expected = TRICKY.filter((cue) => cue.text !== '').map((cue) => ({ ...cue, text: cue.text.replace(/\n+/g, '\n') }));
    expect(cuesOf(parseSrt(writeSrt(TRICKY)))).toEqual(expected);
    expect(cuesOf(parseVtt(writeVtt(TRICKY)))).toEqual(expected);
  });

  it.each(FIXTURES)('srt → cues → vtt → cues → srt is identical for %s', (name) => {
    const original = cuesOf(parseSubtitles(fixtureBytes(name)));
    const srt = writeSrt(original);
    const viaVtt = cuesOf(parseVtt(writeVtt(cuesOf(parseSrt(srt)))));
    expect(viaVtt).toEqual(original);
    expect(writeSrt(viaVtt)).toBe(srt);
    expect(writeVtt(cuesOf(parseSrt(writeSrt(cuesOf(parseVtt(writeVtt(original)))))))).toBe(writeVtt(original));
  });

  it('cover every format in the round trip', () => {
    expect(FIXTURES.map((name) => name.split('.').pop())).toEqual([...SUBTITLE_FORMATS]);
  });
});
