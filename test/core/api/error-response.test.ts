import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../../src/core/api/error-response';
import { API_ERROR_CODES, RETRYABLE_BY_CODE, V1_TO_LEGACY_ERROR_CODE } from '../../../src/shared/error-codes';

const v1 = { version: 'v1', endpoint: 'POST /openapi/v1/extract/post', url: 'https://x/1' } as const;
const legacy = { version: 'legacy', endpoint: 'POST /openapi/extract/post', url: 'https://x/1' } as const;

describe('errorFromResponse', () => {
  it('maps every code the same from v1 and legacy bodies, deriving the missing legacy retryable', () => {
    for (const code of API_ERROR_CODES) {
      const fromV1 = errorFromResponse(400, { message: 'm', code, retryable: RETRYABLE_BY_CODE[code] }, v1);
      const fromLegacy = errorFromResponse(400, { message: 'm', code: V1_TO_LEGACY_ERROR_CODE[code] }, legacy);
      expect(fromV1).toMatchObject({ kind: 'api', status: 400, code, retryable: RETRYABLE_BY_CODE[code], message: 'm', url: 'https://x/1' });
      expect({ ...fromLegacy, endpoint: '' }).toEqual({ ...fromV1, endpoint: '' });
    }
  });

  it('trusts the retryable flag the server sends over the table', () => {
    expect(errorFromResponse(400, { message: 'm', code: 'extract_failed', retryable: false }, v1).retryable).toBe(false);
  });

  it('turns unknown or missing codes into unknown', () => {
    expect(errorFromResponse(400, { message: 'm', code: 'brand_new' }, v1).code).toBe('unknown');
    expect(errorFromResponse(400, { message: 'm' }, legacy).code).toBe('unknown');
  });

  it('maps the other statuses to stable codes and passes 422 detail through', () => {
    expect(errorFromResponse(401, { message: 'Ungültiger Schlüssel' }, v1)).toMatchObject({ code: 'unauthorized', retryable: false, message: 'Ungültiger Schlüssel' });
    expect(errorFromResponse(402, {}, v1)).toMatchObject({ code: 'out_of_credits', retryable: false });
    expect(errorFromResponse(422, { message: 'bad', detail: [{ loc: ['body', 'url'] }] }, v1)).toMatchObject({
      code: 'invalid_request',
      detail: [{ loc: ['body', 'url'] }],
    });
    expect(errorFromResponse(429, { code: 'too_many_requests' }, v1)).toMatchObject({ code: 'too_many_requests', retryable: true });
    expect(errorFromResponse(503, undefined, v1)).toMatchObject({ code: 'server_error', retryable: true, status: 503 });
    expect(errorFromResponse(404, undefined, v1)).toMatchObject({ code: 'invalid_response', retryable: false });
  });

  it('reads the legacy single-post 422 for a malformed link as invalid_url, like v1', () => {
    const body = { message: 'The link is not a valid URL.', code: 'InvalidURL', detail: [{ loc: ['body', 'url'] }] };
    expect(errorFromResponse(422, body, legacy)).toMatchObject({ status: 422, code: 'invalid_url', retryable: false, detail: body.detail });
    expect(errorFromResponse(422, { message: 'bad', code: 'invalid_request' }, v1).code).toBe('invalid_request');
  });

  it('gives a 400 without a readable body a typed error, not a guess', () => {
    expect(errorFromResponse(400, undefined, v1)).toMatchObject({ code: 'invalid_response', status: 400, retryable: false });
    expect(errorFromResponse(400, { code: 42 }, v1)).toMatchObject({ code: 'invalid_response' });
  });
});
