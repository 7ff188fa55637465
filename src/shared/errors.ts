import { z } from 'zod';
import { errorCodeSchema, retryableByDefault } from './error-codes';
import type { ErrorCode } from './error-codes';

/**
 * Errors cross every boundary as data: a code from the closed list (error-codes.ts),
 * whether trying again may help, and a message with the specifics (the faces word the code
 * in the user's language and show the message as details). `detail` carries structured
 * extras (never secrets).
 */
export const errorInfoSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  retryable: z.boolean().optional(),
  detail: z.unknown().optional(),
});
export type ErrorInfo = z.infer<typeof errorInfoSchema>;

export type Result<T, E = ErrorInfo> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/** A failure whose `retryable` is its code's own, from the closed list. */
export const failWith = (code: ErrorCode, message: string, detail?: unknown): Result<never, ErrorInfo> =>
  err({ code, message, retryable: retryableByDefault(code), ...(detail !== undefined ? { detail } : {}) });

/**
 * A failure as one of the areas reports it (ApiError, DownloadError, MediaError,
 * SubtitleError, a key store or database ErrorInfo): each carries a code from the list and
 * a message, most their own `retryable`, the service's calls also the status and endpoint.
 */
export interface FailureData {
  code: ErrorCode;
  message: string;
  retryable?: boolean;
  detail?: unknown;
  status?: number | null;
  endpoint?: string;
}

/**
 * Any area's failure as the faces get it. `retryable` is the error's own (its producer knew
 * best: the service's body, the HTTP status), else its code's; nobody on the way changes it.
 */
export function errorInfoOf(failure: FailureData): ErrorInfo & { retryable: boolean } {
  const retryable = failure.retryable ?? retryableByDefault(failure.code);
  const detail =
    failure.endpoint === undefined
      ? failure.detail
      : { status: failure.status ?? null, endpoint: failure.endpoint, ...(failure.detail !== undefined ? { detail: failure.detail } : {}) };
  return { code: failure.code, message: failure.message, retryable, ...(detail !== undefined ? { detail } : {}) };
}
