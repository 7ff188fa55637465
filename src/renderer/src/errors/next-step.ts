import { apiErrorCodeSchema } from '../../../shared/error-codes';
import type { ErrorInfo } from '../../../shared/errors';

/** Codes that say the link itself is the problem: only they get the "check the link" advice. */
const isLinkProblem = (code: string): boolean => code === 'invalid_link' || apiErrorCodeSchema.safeParse(code).success;

/**
 * The i18n key of what to do after an error: the advice for its code when there is one,
 * else "try again" for a retryable error, else link advice for the service's codes and a
 * general step for everything else (a keychain, a file, the queue: not the link).
 */
export function nextStepKey(error: Pick<ErrorInfo, 'code' | 'retryable'>, has: (key: string) => boolean): string {
  const specific = `errors.next.${error.code}`;
  if (has(specific)) return specific;
  if (error.retryable === true) return 'errors.next.retryable';
  return isLinkProblem(error.code) ? 'errors.next.default' : 'errors.next.other';
}
