import { foldText } from '../../shared/fold-text';

/*
 * What the cue index stores for a cue's text, and what a query is turned into to match it.
 * Latin, Cyrillic and other spaced scripts are left as words for FTS5's unicode61 tokenizer
 * (case and accents folded). Chinese and Japanese have no spaces, so each run of them is
 * written as its overlapping pairs of characters ("天气很好" → "天气 气很 很好"): any
 * substring of two or more characters is then the phrase of its own pairs. FTS5's trigram
 * tokenizer was measured against this (docs/performance.md): it cannot find two characters,
 * and its index is several times larger.
 */

/** Han, Hiragana, Katakana, the long vowel mark ー and the repeat mark 々 (both "Common"). */
export const CJK_CHARS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30fc\\u3005';
const CJK_RUN = new RegExp(`[${CJK_CHARS}]+`, 'gu');
/** A line break between two CJK characters: no word boundary, lines are just wrapped there. */
const CJK_LINE_BREAK = new RegExp(`(?<=[${CJK_CHARS}])\\s*\\n\\s*(?=[${CJK_CHARS}])`, 'gu');
const ASCII_ONLY = /^\p{ASCII}*$/u;
/** "extraordi-\nnary": a word hyphenated at the end of a line. */
const HYPHENATED = /([\p{L}\p{N}]+)-\n([\p{L}\p{N}]+)/gu;

const ONLY_CJK = new RegExp(`^[${CJK_CHARS}]+$`, 'u');

export const isCjkRun = (text: string): boolean => ONLY_CJK.test(text);

/** The overlapping pairs of a run; a lone character stands for itself. */
function cjkPairs(run: string): string[] {
  const chars = [...run];
  return chars.length < 2 ? chars : chars.slice(1).map((char, index) => `${chars[index]}${char}`);
}

/** CJK runs replaced by their pairs, spaced off from the words around them. */
export const pairUpCjk = (folded: string): string => folded.replace(CJK_RUN, (run) => ` ${cjkPairs(run).join(' ')} `);

/** Folds the text the way a query is folded and joins what a line break split. */
const foldCueText = (text: string): string => foldText(text).replace(CJK_LINE_BREAK, '');

/**
 * The indexed form of a cue's text: folded, CJK runs as pairs, and a word hyphenated across
 * a line break also indexed whole (after the cue's own words, so phrases inside it still match).
 */
export function cueSearchText(text: string): string {
  // most cues of most libraries are ASCII: nothing to normalize or pair
  const ascii = ASCII_ONLY.test(text);
  const folded = ascii ? text.toLowerCase() : foldCueText(text);
  const words = ascii ? folded : pairUpCjk(folded);
  const rejoined = folded.includes('-\n') ? [...folded.matchAll(HYPHENATED)].map((match) => `${match[1] ?? ''}${match[2] ?? ''}`) : [];
  return rejoined.length > 0 ? `${words}\n${rejoined.join(' ')}` : words;
}
