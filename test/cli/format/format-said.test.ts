import { describe, expect, it } from 'vitest';
import { clockTime, markedText, saidLines } from '../../../src/cli/format/format-said';

const moment = { cueId: 1, postId: 7, link: null, caption: 'Harbour', language: 'fr', languageName: null, startMs: 3_723_400, endMs: 3_725_000, text: 'Le café\nest prêt', marks: [{ start: 3, end: 7 }, { start: 12, end: 16 }] };

describe('what was said, for people', () => {
  it('writes times as a player shows them', () => {
    expect([clockTime(0), clockTime(83_250), clockTime(3_723_400)]).toEqual(['0:00', '1:23', '1:02:03']);
  });

  it('brackets each match and keeps the cue on one line', () => {
    expect(markedText(moment)).toBe('Le [café] / est [prêt]');
  });

  it('lists the moments and says how many videos, with a + when the matches were more than were weighed', () => {
    expect(saidLines({ moments: [moment], total: 1, videos: 1, capped: false }, 'cafe', 0)).toEqual([
      '#7  Harbour  fr  1:02:03',
      '    Le [café] / est [prêt]',
      '(1–1 of 1 moments, said in 1 video)',
    ]);
    expect(saidLines({ moments: [moment], total: 5000, videos: 900, capped: true }, 'the', 0).at(-1)).toBe('(1–1 of 5000+ moments, said in 900+ videos)');
    expect(saidLines({ moments: [], total: 0, videos: 0, capped: false }, 'nope', 0)).toEqual(['No saved subtitles say "nope".']);
  });
});
