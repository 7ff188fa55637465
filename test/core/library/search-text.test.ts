import { describe, expect, it } from 'vitest';
import { parseSearchText } from '../../../src/core/library/search-text';

describe('parseSearchText', () => {
  it('quotes every term and makes the last one a prefix while typing', () => {
    expect(parseSearchText('sunset beach')).toEqual({ match: '"sunset" "beach"*', substrings: [] });
    expect(parseSearchText('sunset beach ')).toEqual({ match: '"sunset" "beach"', substrings: [] });
  });

  it('keeps FTS operators and punctuation as plain text', () => {
    expect(parseSearchText('cats AND dogs').match).toBe('"cats" "AND" "dogs"*');
    expect(parseSearchText('"quoted" -minus (paren) col:on *star').match).toBe(
      '"""quoted""" "-minus" "(paren)" "col:on" "*star"*',
    );
  });

  it('drops terms without a letter or digit', () => {
    expect(parseSearchText('*** - ( ) " 🎉')).toEqual({ match: null, substrings: [] });
    expect(parseSearchText('')).toEqual({ match: null, substrings: [] });
  });

  it('sends CJK terms to substring matching, split at punctuation', () => {
    expect(parseSearchText('東京、タワー night')).toEqual({ match: '"night"*', substrings: ['東京', 'タワー'] });
  });

  it('normalizes full-width input', () => {
    expect(parseSearchText('ＡＢＣ').match).toBe('"ABC"*');
  });
});
