import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODES,
  ERROR_CODES,
  ERROR_CODE_NAMES,
  LEGACY_ERROR_CODES,
  RETRYABLE_BY_CODE,
  V1_TO_LEGACY_ERROR_CODE,
  categoryOf,
  errorCodeSchema,
  legacyCodeToV1,
  retryableByDefault,
  storedErrorCode,
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
    expect(legacyCodeToV1('toString')).toBe('unknown');
  });

  it('holds the service codes in the one list, with the same retryable and the service category', () => {
    for (const code of API_ERROR_CODES) {
      expect(ERROR_CODE_NAMES, code).toContain(code);
      expect(retryableByDefault(code), code).toBe(RETRYABLE_BY_CODE[code]);
      expect(categoryOf(code), code).toBe('service');
    }
  });

  it('decides once what is final: a cancel, a bug, a failed merge, a full disk', () => {
    for (const code of ERROR_CODE_NAMES.filter((name) => ['canceled', 'bug'].includes(categoryOf(name)))) {
      expect(ERROR_CODES[code].retryable, code).toBe(false);
    }
    expect(retryableByDefault('ffmpeg_failed')).toBe(false);
    expect(retryableByDefault('disk_full')).toBe(false);
    expect(retryableByDefault('network')).toBe(true);
  });

  it('refuses a code outside the list at the boundary, and reads stored old names as today\'s', () => {
    expect(errorCodeSchema.safeParse('merge_failed').success).toBe(false);
    expect(errorCodeSchema.safeParse('aborted').success).toBe(false);
    expect(storedErrorCode('aborted')).toBe('canceled');
    expect(storedErrorCode('disk_full')).toBe('disk_full');
    expect(storedErrorCode('toString')).toBe('unknown');
  });
});
