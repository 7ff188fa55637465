import { foldText } from '../../../shared/fold-text';
import { CJK_CHARS, isCjkRun, pairUpCjk } from '../../subtitles';

export interface SaidMatch {
  /** An FTS5 MATCH expression over cues_fts, built only from quoted phrases; null when no word is left. */
  readonly match: string | null;
  /** What to mark in a matching cue's folded text: one pattern per term typed. */
  readonly marks: RegExp[];
  /** The same match split where the last term is an ASCII word still being typed, so the words it starts can be looked up; null otherwise. */
  readonly typing: TypedWord | null;
}

export interface TypedWord {
  /** The phrases of the terms before it, as in the match. */
  readonly others: string[];
  /** The words of its own term before it ("rock n" for "rock-n-rol"), or ''. */
  readonly head: string;
  /** The start of the word typed so far, folded as the index folds it. */
  readonly word: string;
}

/** A word FTS5's unicode61 tokenizer folds exactly as foldText does (ASCII letters and digits). */
const ASCII_WORD = /^[a-z0-9]+$/u;

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** The shortest word typed that is looked up as the start of longer ones. */
const MIN_PREFIX = 3;
/** A term's pieces: runs of CJK, or words of any other script. */
const PIECES = new RegExp(`[${CJK_CHARS}]+|[\\p{L}\\p{N}]+`, 'gu');
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const piecePattern = (piece: string): string => (isCjkRun(piece) ? [...piece].map(escapeRegExp).join('\\s*') : escapeRegExp(piece));

/**
 * What to mark for a term: its pieces as they stand in the text ("that's" whole, not "that"
 * and "s"), a CJK run even across a line break, and a word whole (the last one typed may be
 * only its start).
 */
function markOf(pieces: readonly string[], prefix: boolean): RegExp {
  const body = pieces.map(piecePattern).join('[^\\p{L}\\p{N}]*');
  const start = isCjkRun(pieces[0] ?? '') ? '' : '(?<![\\p{L}\\p{N}])';
  const lastIsWord = !isCjkRun(pieces.at(-1) ?? '');
  const end = !lastIsWord ? '' : prefix ? '[\\p{L}\\p{N}]*' : '(?![\\p{L}\\p{N}])';
  return new RegExp(`${start}${body}${end}`, 'gu');
}

/**
 * What the user typed as a query over the cue index: each term (split at spaces) is one
 * quoted phrase of its folded words and CJK character pairs, so no input is an FTS5 syntax
 * error, and terms are ANDed. The last term is a prefix match while the user is still typing
 * it (the input does not end with a space) once it has three letters, and so is a lone CJK
 * character, which the index holds only as the first of a pair.
 */
export function parseSaidQuery(input: string): SaidMatch {
  const text = input.normalize('NFKC').replace(/\p{Cc}/gu, ' ');
  const terms = text.split(/\s+/u).filter((term) => WORD_CHAR.test(term));
  const phrases: string[] = [];
  const marks: RegExp[] = [];
  let typedWord: TypedWord | null = null;
  terms.forEach((term, index) => {
    const pieces = foldText(term).match(PIECES) ?? [];
    const last = pieces.at(-1);
    if (last === undefined) return;
    const typing = index === terms.length - 1 && !/\s$/u.test(text);
    // one or two letters as a prefix would match most of a large library: they are a whole word until a third is typed
    const prefix = isCjkRun(last) ? [...last].length === 1 : typing && [...last].length >= MIN_PREFIX;
    const words = pairUpCjk(pieces.join(' ')).trim().replace(/\s+/gu, ' ');
    if (prefix && ASCII_WORD.test(last) && words.endsWith(last)) typedWord = { others: [...phrases], head: words.slice(0, -last.length).trim(), word: last };
    phrases.push(`"${words}"${prefix ? '*' : ''}`);
    marks.push(markOf(pieces, prefix));
  });
  return { match: phrases.length > 0 ? phrases.join(' ') : null, marks, typing: typedWord };
}
