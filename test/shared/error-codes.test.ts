import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODES,
  LEGACY_ERROR_CODES,
  RETRYABLE_BY_CODE,
  V1_TO_LEGACY_ERROR_CODE,
  legacyCodeToV1,
} from '../../src/shared/error-codes';

describe('error codes', () => {
  it('has the 18 codes of the spec, each with a legacy name and a retryable value', () => {
    expect(API_ERROR_CODES).toHaveLength(18);
    expect(Object.keys(LEGACY_ERROR_CODES)).toHaveLength(18);
    for (const code of API_ERROR_CODES) {
      expect(typeof RETRYABLE_BY_CODE[code]).toBe('boolean');
      expect(legacyCodeToV1(V1_TO_LEGACY_ERROR_CODE[code])).toBe(code);
    }
  });

  it('follows the spec where it fixes a value', () => {
    expect(RETRYABLE_BY_CODE.content_deleted).toBe(false);
    expect(RETRYABLE_BY_CODE.timeout).toBe(true);
    expect(RETRYABLE_BY_CODE.retryable).toBe(true);
    expect(legacyCodeToV1('InvalidURL')).toBe('invalid_url');
    expect(legacyCodeToV1('InvalidPlaylistURL')).toBe('invalid_playlist_url');
  });

  it('maps unknown or missing legacy codes to unknown', () => {
    expect(legacyCodeToV1('SomethingNew')).toBe('unknown');
    expect(legacyCodeToV1(undefined)).toBe('unknown');
  });
});
