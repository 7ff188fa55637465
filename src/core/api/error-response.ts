import { z } from 'zod';
import { RETRYABLE_BY_CODE, V1_TO_LEGACY_ERROR_CODE, apiErrorCodeSchema, legacyCodeToV1 } from '../../shared/error-codes';
import type { ApiVersion } from '../../shared/settings';
import { apiError } from './api-error';
import type { ApiError } from './api-error';

/** The error body of both versions, read tolerantly: legacy has no `retryable`, 422 adds `detail`. */
const errorBodySchema = z.object({
  message: z.string().optional(),
  code: z.string().optional(),
  retryable: z.boolean().optional(),
  detail: z.unknown().optional(),
});

export interface ErrorContext {
  version: ApiVersion;
  endpoint: string;
  url?: string;
}

/**
 * A non-200 answer → ApiError. A 400 needs its body (the code says what failed); for the
 * other statuses the status says it all, so an unreadable body only costs the message.
 */
export function errorFromResponse(status: number, body: unknown, context: ErrorContext): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  const fields = parsed.success ? parsed.data : {};
  const base = { status, endpoint: context.endpoint, ...(context.url !== undefined && { url: context.url }) };
  const make = (code: ApiError['code'], retryable: boolean, fallback: string): ApiError =>
    apiError({
      ...base,
      code,
      retryable,
      message: fields.message ?? fallback,
      ...(fields.detail !== undefined && { detail: fields.detail }),
    });

  if (status === 400) {
    if (!parsed.success) {
      return apiError({ ...base, code: 'invalid_response', retryable: false, message: 'The service answered 400 without a readable error body.' });
    }
    const code =
      context.version === 'legacy' ? legacyCodeToV1(fields.code) : (apiErrorCodeSchema.safeParse(fields.code).data ?? 'unknown');
    return make(code, fields.retryable ?? RETRYABLE_BY_CODE[code], `The extraction failed (${code}).`);
  }
  // Legacy answers a malformed link with 422 + InvalidURL on the single-post endpoint where
  // v1 gives 400 invalid_url (spec, Versioning): the same failure, so the same code.
  if (status === 422 && context.version === 'legacy' && fields.code === V1_TO_LEGACY_ERROR_CODE.invalid_url) {
    return make('invalid_url', RETRYABLE_BY_CODE.invalid_url, 'The link is not a valid URL.');
  }
  if (status === 401) return make('unauthorized', false, 'The service refused the API key. Check the key in Settings.');
  if (status === 402) return make('out_of_credits', false, 'The account is out of credits.');
  if (status === 422) return make('invalid_request', false, 'The service refused the request as invalid.');
  if (status === 429) return make('too_many_requests', true, 'Too many requests: the service asked us to slow down.');
  if (status >= 500) return make('server_error', true, `The service had an internal error (${status}).`);
  return apiError({ ...base, code: 'invalid_response', retryable: false, message: `The service answered with an unexpected status ${status}.` });
}
