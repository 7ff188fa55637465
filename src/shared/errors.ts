import { z } from 'zod';

/**
 * Errors cross every boundary as data: a stable string code, whether trying again may
 * help, and a message for people. `detail` carries structured extras (never secrets).
 */
export const errorInfoSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryable: z.boolean().optional(),
  detail: z.unknown().optional(),
});
export type ErrorInfo = z.infer<typeof errorInfoSchema>;

export type Result<T, E = ErrorInfo> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
