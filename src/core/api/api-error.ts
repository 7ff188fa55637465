import type { ApiErrorCode, ErrorCode } from '../../shared/error-codes';

/**
 * Codes for failures that are not one of the service's 18 extraction codes: one per
 * non-400 status, plus what can go wrong on our side of the wire.
 */
export const CLIENT_ERROR_CODES = [
  'unauthorized', // 401, or no key set
  'out_of_credits', // 402
  'invalid_request', // 422
  'too_many_requests', // 429
  'server_error', // 5xx
  'network_error',
  'timeout', // no complete answer within timeoutMs (the service's own 400 `timeout` has a status)
  'invalid_response', // a body that breaks the spec, or an unexpected status
  'canceled', // the caller's AbortSignal fired
  'key_unavailable', // the key provider failed (e.g. no keychain)
] as const satisfies readonly ErrorCode[];
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Every failure of a service call, as plain data. The API key never appears in it. */
export interface ApiError {
  kind: 'api';
  /** HTTP status, or null when no usable response arrived. */
  status: number | null;
  code: ApiErrorCode | ClientErrorCode;
  /** Whether trying the same request again later may succeed. */
  retryable: boolean;
  /** The server's (localized) message when it sent one, else ours. */
  message: string;
  /** e.g. "POST /openapi/v1/extract/post". */
  endpoint: string;
  /** The link the call was about. */
  url?: string;
  /** Structured extras: the 422 `detail`, or what was wrong with a malformed body. */
  detail?: unknown;
}

export type ApiErrorFields = Omit<ApiError, 'kind'>;

export const apiError = (fields: ApiErrorFields): ApiError => ({ kind: 'api', ...fields });
