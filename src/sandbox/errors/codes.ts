import type { ApiErrorCode } from '../../shared/error-codes';

/**
 * Codes for the HTTP-level failures (401, 402, 404, 405, 422, 429, 500) with their legacy
 * (PascalCase) name and v1 retryable flag. The spec fixes only `too_many_requests`; the
 * others are the sandbox's names, so every error body carries a code as the spec requires.
 */
export const HTTP_ERROR_INFO = {
  invalid_api_key: { legacy: 'InvalidApiKey', retryable: false },
  insufficient_credits: { legacy: 'InsufficientCredits', retryable: false },
  invalid_request: { legacy: 'InvalidRequest', retryable: false },
  too_many_requests: { legacy: 'TooManyRequests', retryable: true },
  not_found: { legacy: 'NotFound', retryable: false },
  method_not_allowed: { legacy: 'MethodNotAllowed', retryable: false },
  internal_error: { legacy: 'InternalError', retryable: true },
} as const satisfies Record<string, { legacy: string; retryable: boolean }>;

export type HttpErrorCode = keyof typeof HTTP_ERROR_INFO;

export type SandboxErrorCode = ApiErrorCode | HttpErrorCode;

export type Messages = Readonly<Record<SandboxErrorCode, string>>;
