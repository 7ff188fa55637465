import { describe, expect, it } from 'vitest';
import { apiError } from '../../../src/core/api/api-error';
import type { ApiError } from '../../../src/core/api/api-error';
import { backoffDelay, decideRetry, parseRetryAfter } from '../../../src/core/api/retry-policy';
import type { FailedAttempt, RetryOptions } from '../../../src/core/api/retry-policy';

const options: RetryOptions = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 };
const error = (status: number | null, code: ApiError['code'], retryable: boolean): ApiError =>
  apiError({ status, code, retryable, message: 'm', endpoint: 'POST /x' });
const failed = (e: ApiError, attempt = 1, extra: Partial<FailedAttempt> = {}): FailedAttempt => ({
  error: e,
  attempt,
  charged: false,
  ...extra,
});
const top = () => 0.999_999; // the top of the jitter range

describe('backoffDelay', () => {
  it('doubles per attempt up to the cap, with full jitter below it', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, options, top))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(backoffDelay(3, options, () => 0)).toBe(0);
    expect(backoffDelay(3, options, () => 0.5)).toBe(200);
  });
});

describe('decideRetry', () => {
  it('retries a retryable 400 after backoff and fails a final 400', () => {
    expect(decideRetry(failed(error(400, 'retryable', true), 2), options, top)).toEqual({ action: 'retry', delayMs: 199 });
    expect(decideRetry(failed(error(400, 'content_deleted', false)), options, top).action).toBe('stop');
  });

  it('stops on 401, 402 and 422', () => {
    for (const [status, code] of [[401, 'unauthorized'], [402, 'out_of_credits'], [422, 'invalid_request']] as const) {
      const decision = decideRetry(failed(error(status, code, false)), options, top);
      expect(decision.action).toBe('stop');
    }
  });

  it('waits for Retry-After on 429, else backs off', () => {
    expect(decideRetry(failed(error(429, 'too_many_requests', true), 1, { retryAfterMs: 3_000 }), options, top)).toEqual({
      action: 'retry',
      delayMs: 3_000,
    });
    expect(decideRetry(failed(error(429, 'too_many_requests', true), 2), options, top)).toEqual({ action: 'retry', delayMs: 199 });
  });

  it('retries 5xx, network errors and time-outs', () => {
    for (const e of [error(500, 'server_error', true), error(503, 'server_error', true), error(null, 'network_error', true), error(null, 'timeout', true)]) {
      expect(decideRetry(failed(e), options, top).action).toBe('retry');
    }
  });

  it('stops on a broken body, an unexpected status, a cancel or a missing key', () => {
    for (const e of [
      error(200, 'invalid_response', false),
      error(404, 'invalid_response', false),
      error(null, 'canceled', false),
      error(null, 'unauthorized', false),
      error(null, 'key_unavailable', false),
    ]) {
      expect(decideRetry(failed(e), options, top).action).toBe('stop');
    }
  });

  it('stops after maxAttempts, whatever the error', () => {
    for (const e of [error(400, 'retryable', true), error(429, 'too_many_requests', true), error(500, 'server_error', true)]) {
      expect(decideRetry(failed(e, 3, { retryAfterMs: 10 }), options, top).action).toBe('retry');
      expect(decideRetry(failed(e, 4, { retryAfterMs: 10 }), options, top)).toEqual({ action: 'stop', reason: 'gave up after 4 attempts' });
    }
  });

  it('never retries a charged call, which would pay twice', () => {
    expect(decideRetry(failed(error(200, 'timeout', true), 1, { charged: true }), options, top).action).toBe('stop');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('2', now)).toBe(2_000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    // Bare numbers that are not delta-seconds are not dates either (a lenient date parser reads "1.5" as 2001).
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('2 seconds', now)).toBeUndefined();
  });

  it('reads fractional seconds as seconds, rounded up', () => {
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
    expect(parseRetryAfter(' 3 ', now)).toBe(3_000);
  });
});
