import { describe, expect, it } from 'vitest';
import { foldText, parseSearchText } from '../../../src/core/library/search/search-text';

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

describe('foldText', () => {
  it('lowercases ASCII text, control characters and all, and leaves it otherwise as it is', () => {
    expect(foldText('Sunset BEACH\n#42\u0000~')).toBe('sunset beach\n#42\u0000~');
  });

  it('folds width, case beyond ASCII and Latin accents, but not Japanese sound marks', () => {
    expect(foldText('ＮＨＫ東京CAFÉ Ёлка ﾋﾟｶ')).toBe('nhk東京cafe ёлка ピカ');
  });
});
