import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/core/db';
import { createTypedWordExpansion } from '../../../src/core/library/said/expand-typed-word';
import { parseSaidQuery } from '../../../src/core/library/said/said-query';
import type { TempLibrary } from './temp-library';
import { tempLibrary } from './temp-library';

let temp: TempLibrary;

/** Cues straight into the index, as the cue writer leaves them (one track's worth is enough here). */
function indexCues(db: Db, texts: readonly string[]): void {
  const add = db.prepare<[number, string]>('INSERT INTO cues_fts (rowid, words) VALUES (?, ?)');
  texts.forEach((text, index) => add.run(index + 1, text));
}

/** The rows a MATCH expression finds, newest first. */
const rows = (match: string | null): number[] =>
  match === null ? [] : temp.db.prepare<[string], number>('SELECT rowid FROM cues_fts WHERE cues_fts MATCH ? ORDER BY rowid DESC').pluck().all(match);

beforeEach(() => {
  temp = tempLibrary();
});
afterEach(() => temp.cleanup());

describe('the word being typed, as the words it starts', () => {
  it('finds the same cues as FTS5 prefix query, in a term of several words too', () => {
    indexCues(temp.db, ['the lighthouse keeper', 'light rain', 'lightning strikes', 'a lit candle', 'rock n roll', 'rock n rolling stones', 'rock and roll', 'lights']);
    const expand = createTypedWordExpansion(temp.db);
    for (const query of ['ligh', 'light', 'keeper ligh', 'rock-n-rol', 'the lighth', 'rain lig']) {
      const said = parseSaidQuery(query);
      expect(said.typing, query).not.toBeNull();
      const expanded = expand(said);
      expect(expanded, query).not.toBe(said.match);
      expect(rows(expanded), query).toEqual(rows(said.match));
    }
    expect(rows(expand(parseSaidQuery('ligh')))).toEqual([8, 3, 2, 1]);
    expect(rows(expand(parseSaidQuery('rock-n-rol')))).toEqual([6, 5]);
  });

  it('matches nothing when no indexed word starts with it, and leaves finished, short and non-ASCII words as they are', () => {
    indexCues(temp.db, ['the lighthouse keeper']);
    const expand = createTypedWordExpansion(temp.db);
    expect(expand(parseSaidQuery('lighthouse zeb'))).toBeNull();
    for (const query of ['lighthouse ', 'li', 'straß', '漢']) expect(expand(parseSaidQuery(query))).toBe(parseSaidQuery(query).match);
  });

  it('leaves a prefix that starts too many words to FTS5', () => {
    indexCues(temp.db, Array.from({ length: 70 }, (_, index) => `word${index}`));
    const expand = createTypedWordExpansion(temp.db);
    const said = parseSaidQuery('wor');
    expect(expand(said)).toBe(said.match);
    expect(rows(expand(parseSaidQuery('word6')))).toEqual([70, 69, 68, 67, 66, 65, 64, 63, 62, 61, 7]);
  });
});
