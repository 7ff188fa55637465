import type { ErrorCode } from '../../../shared/error-codes';
import type { ErrorInfo } from '../../../shared/errors';

/** Not retryable as such, but worth trying again once the user has acted (reconnected, added credits). */
const AFTER_A_FIX = new Set<ErrorCode>(['disconnected', 'out_of_credits']);

/** Whether an error is worth a Retry button: retryable, or one the user can clear. */
export const offersRetry = (error: ErrorInfo): boolean => error.retryable === true || AFTER_A_FIX.has(error.code);
