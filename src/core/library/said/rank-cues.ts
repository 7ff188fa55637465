import { foldText } from '../../../shared/fold-text';
import { CJK_CHARS } from '../../subtitles';

/** bm25's usual constants: how fast repeats stop counting, and how much a long cue is discounted. */
const K1 = 1.2;
const B = 0.75;
/** The index's tokens: a word, or (for CJK, indexed as character pairs) about one per character. */
const TOKENS = new RegExp(`[${CJK_CHARS}]|[\\p{L}\\p{N}]+`, 'gu');

export interface RankedCue {
  readonly id: number;
  readonly score: number;
}

const countMatches = (text: string, pattern: RegExp): number => {
  let count = 0;
  for (const match of text.matchAll(pattern)) if (match[0] !== '') count += 1;
  return count;
};

/**
 * bm25 over the candidate cues only, every term weighed alike: how often each term occurs in
 * a cue against its length. FTS5's own bm25 also weighs each term by how rare it is in the
 * whole index, which costs a pass over every posting of every term typed (all of a common
 * word's, at each keystroke); among cues that all hold every term, how often and how densely
 * they say it is what orders them. Every candidate matched the index, so each term counts at
 * least once even where the pattern misses the indexed form (a word rejoined across a hyphen).
 */
export function rankCues(cues: readonly { id: number; text: string }[], marks: readonly RegExp[]): RankedCue[] {
  const measured = cues.map(({ id, text }) => {
    const folded = foldText(text);
    return { id, length: Math.max(1, countMatches(folded, TOKENS)), frequencies: marks.map((mark) => Math.max(1, countMatches(folded, mark))) };
  });
  const averageLength = measured.reduce((sum, cue) => sum + cue.length, 0) / Math.max(1, measured.length);
  return measured.map(({ id, length, frequencies }) => {
    const norm = K1 * (1 - B + (B * length) / averageLength);
    return { id, score: frequencies.reduce((sum, frequency) => sum + (frequency * (K1 + 1)) / (frequency + norm), 0) };
  });
}
