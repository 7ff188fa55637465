import type { ApiError } from './api-error';

/**
 * The outcome of one service call (retries included). `charged` is true when the service
 * answered 200 on an extraction endpoint, even if the body then proved unusable: the
 * credits were spent either way, and the ledger must count them exactly.
 */
export type ApiResult<T> =
  | { ok: true; value: T; charged: boolean; raw: unknown }
  | { ok: false; error: ApiError; charged: boolean };
