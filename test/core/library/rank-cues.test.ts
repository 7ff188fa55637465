import { describe, expect, it } from 'vitest';
import { parseSaidQuery } from '../../../src/core/library/said/said-query';
import { rankCues } from '../../../src/core/library/said/rank-cues';

/** The candidates' ids, best first, as the search orders them. */
const order = (query: string, texts: string[]): number[] =>
  rankCues(
    texts.map((text, index) => ({ id: index + 1, text })),
    parseSaidQuery(query).marks,
  )
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .map((cue) => cue.id);

describe('ranking the candidate cues', () => {
  it('puts the cue that says the words more often, and the shorter one, first', () => {
    expect(order('lighthouse', ['the old lighthouse keeper', 'lighthouse lighthouse', 'a lighthouse'])).toEqual([2, 3, 1]);
    expect(order('old keeper', ['the old keeper', 'the old keeper of the lighthouse on the hill', 'old keeper, old keeper'])).toEqual([3, 1, 2]);
  });

  it('counts accented and CJK words as the index folds them, and the word typed so far', () => {
    expect(order('cafe', ['un café, un café', 'un café au lait le matin'])).toEqual([1, 2]);
    expect(order('漢字', ['今日は漢字を読む練習をします', '漢字と漢字'])).toEqual([2, 1]);
    expect(order('sourd', ['sourdough and more sourdough', 'a sourdough loaf and a long rest'])).toEqual([1, 2]);
  });

  it('counts a cue the index matched at least once even where the pattern misses it', () => {
    const [ranked] = rankCues([{ id: 7, text: 'light-\nhouse' }], parseSaidQuery('lighthouse').marks);
    expect(ranked?.score).toBeGreaterThan(0);
  });
});
