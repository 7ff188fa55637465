import { foldText } from '../../../shared/fold-text';

export { foldText };

export interface SearchText {
  /** An FTS5 MATCH expression built only from quoted strings, or null when no word is left. */
  readonly match: string | null;
  /** CJK fragments, folded with foldText, to find as substrings (unicode61 does not split CJK into words). */
  readonly substrings: string[];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

const quote = (term: string): string => `"${term.replaceAll('"', '""')}"`;

/**
 * Turn what a user typed into a query that cannot be an FTS5 syntax error: every term is
 * quoted, so `AND`, `*`, `-`, `(`, `:` and quotes are plain text, and terms are ANDed. The
 * last term is a prefix match for search-as-you-type, unless the user already typed the
 * space after it. Terms with no letter or digit are dropped (they would match nothing).
 */
export function parseSearchText(input: string): SearchText {
  // a control character (NUL above all) inside a quoted FTS5 string ends the query early:
  // "unterminated string"; pasted in, it separates words like a space
  const text = input.normalize('NFKC').replace(/\p{Cc}/gu, ' ');
  const terms = text.split(/\s+/u).filter((term) => WORD_CHAR.test(term));
  const words: string[] = [];
  const substrings: string[] = [];
  terms.forEach((term, index) => {
    if (CJK.test(term)) {
      for (const part of term.split(/[^\p{L}\p{N}]+/u)) if (part !== '') substrings.push(foldText(part));
      return;
    }
    const isTyping = index === terms.length - 1 && !/\s$/u.test(text);
    words.push(isTyping ? `${quote(term)}*` : quote(term));
  });
  return { match: words.length > 0 ? words.join(' ') : null, substrings };
}
