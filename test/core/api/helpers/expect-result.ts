import { expect } from 'vitest';
import type { ApiError } from '../../../../src/core/api/api-error';
import type { ApiResult } from '../../../../src/core/api/api-result';

/** The value of a successful result; fails the test with the error otherwise. */
export function valueOf<T>(result: ApiResult<T>): T {
  if (!result.ok) expect.fail(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** The error of a failed result; fails the test on success. */
export function errorOf<T>(result: ApiResult<T>): ApiError {
  if (result.ok) expect.fail('expected a failure, got a value');
  return result.error;
}
