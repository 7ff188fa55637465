import { describe, expect, it } from 'vitest';
import type { Cue } from '../../src/shared/subtitles';
import { activeCueIndex, formatCueTime, searchCues } from '../../src/renderer/src/subtitles/cue-search';
import { subtitleSource } from '../../src/renderer/src/subtitles/subtitle-source';
import { hashSegments, routeHash } from '../../src/renderer/src/shell/use-route';

const cues: Cue[] = [
  { startMs: 0, endMs: 1000, text: 'Hello & welcome' },
  { startMs: 1000, endMs: 2000, text: 'Un café\nà Paris' },
  { startMs: 1500, endMs: 2950, text: "That's all, folks" },
];

describe('the cue viewer', () => {
  it('shows times as m:ss.mmm, and h:mm:ss.mmm past an hour', () => {
    expect(formatCueTime(0)).toBe('0:00.000');
    expect(formatCueTime(62_345)).toBe('1:02.345');
    expect(formatCueTime(3_725_001)).toBe('1:02:05.001');
  });

  it('finds cues containing every word, ignoring case and accents', () => {
    expect(searchCues(cues, '')).toEqual([0, 1, 2]);
    expect(searchCues(cues, 'CAFE paris')).toEqual([1]);
    expect(searchCues(cues, 'folks hello')).toEqual([]);
  });

  it('marks the cue playing now, the later one when two overlap', () => {
    expect(activeCueIndex(cues, 500)).toBe(0);
    expect(activeCueIndex(cues, 1700)).toBe(2);
    expect(activeCueIndex(cues, 3000)).toBe(-1);
  });
});

describe('screen addresses', () => {
  it('round-trip a link through the hash, and read a library post with its language', () => {
    const url = 'https://video.example/watch/a?b=1&c=2#t';
    const hash = routeHash('subtitles', 'link', url);
    expect(hash).not.toContain('?');
    const segments = hashSegments(hash.slice(2));
    expect(segments).toEqual(['subtitles', 'link', url]);
    expect(subtitleSource(segments.slice(1))).toEqual({ kind: 'link', url });
    expect(subtitleSource(['post', '12', 'en-US'])).toEqual({ kind: 'post', postId: 12, languageTag: 'en-US' });
    expect(subtitleSource(['post', 'x'])).toEqual({ kind: 'none' });
    expect(subtitleSource([])).toEqual({ kind: 'none' });
  });
});
