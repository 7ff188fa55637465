import Database from 'better-sqlite3';
import { categoryOf, isErrorCode } from '../../shared/error-codes';
import type { FailureData } from '../../shared/errors';
import { errorInfoOf } from '../../shared/errors';
import { toDatabaseError } from '../db';
import type { JobOutcome } from './job-queue';

const isFailureData = (value: unknown): value is FailureData =>
  typeof value === 'object' &&
  value !== null &&
  !(value instanceof Error) &&
  'code' in value &&
  typeof value.code === 'string' &&
  isErrorCode(value.code) &&
  'message' in value &&
  typeof value.message === 'string';

/**
 * The one way any failure ends a job: an area's error as data, or whatever a runner threw.
 * A cancellation stops the job without an error (the queue already recorded why); no
 * credits or no usable key pause the queue until the user acts; everything else fails the
 * job, retried later only when the error itself says it may help. Thrown: the library
 * refusing a write (a full disk) is expected; anything else is a bug.
 */
export function outcomeOf(failure: unknown): JobOutcome {
  if (!isFailureData(failure)) {
    const error =
      failure instanceof Database.SqliteError
        ? errorInfoOf(toDatabaseError(failure))
        : errorInfoOf({ code: 'internal', message: `Unexpected error: ${failure instanceof Error ? failure.message : String(failure)}` });
    return { kind: 'failed', error };
  }
  if (categoryOf(failure.code) === 'canceled') return { kind: 'aborted' };
  const error = errorInfoOf(failure);
  if (failure.code === 'out_of_credits') return { kind: 'blocked', reason: 'out_of_credits', error };
  if (failure.code === 'unauthorized' || failure.code === 'key_unavailable') return { kind: 'blocked', reason: 'key_required', error };
  return { kind: 'failed', error };
}
