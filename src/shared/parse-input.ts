import { z } from 'zod';
import type { Result } from './errors';
import { err, ok } from './errors';

/** Validate input from outside the engine; a refusal says what was wrong, field by field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): Result<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  return err({ code: 'invalid_input', retryable: false, message: `Invalid ${what}: ${z.prettifyError(parsed.error)}` });
}
