import type { ApiErrorCode } from '../../shared/error-codes';

/**
 * Codes for the HTTP-level failures (401, 402, 404, 405, 422, 429, 500). The spec fixes only
 * `too_many_requests`; the others are the sandbox's names, so every error body carries a
 * code as the spec's error table requires.
 */
export const HTTP_ERROR_CODES = [
  'invalid_api_key',
  'insufficient_credits',
  'invalid_request',
  'too_many_requests',
  'not_found',
  'method_not_allowed',
  'internal_error',
] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

export type SandboxErrorCode = ApiErrorCode | HttpErrorCode;

/** Legacy (PascalCase) name and v1 retryable flag of each HTTP-level code. */
export const HTTP_ERROR_INFO: Readonly<Record<HttpErrorCode, { legacy: string; retryable: boolean }>> = {
  invalid_api_key: { legacy: 'InvalidApiKey', retryable: false },
  insufficient_credits: { legacy: 'InsufficientCredits', retryable: false },
  invalid_request: { legacy: 'InvalidRequest', retryable: false },
  too_many_requests: { legacy: 'TooManyRequests', retryable: true },
  not_found: { legacy: 'NotFound', retryable: false },
  method_not_allowed: { legacy: 'MethodNotAllowed', retryable: false },
  internal_error: { legacy: 'InternalError', retryable: true },
};

export type Messages = Readonly<Record<SandboxErrorCode, string>>;
