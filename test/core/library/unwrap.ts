import type { Result } from '../../../src/shared/errors';

/** The value of a Result the test expects to succeed; its error message otherwise. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
