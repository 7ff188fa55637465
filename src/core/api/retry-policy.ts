import type { ApiError } from './api-error';

export interface RetryOptions {
  /** Attempts in total, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8_000 };

export interface FailedAttempt {
  error: ApiError;
  /** 1 for the first attempt. */
  attempt: number;
  /** From a 429's Retry-After header, when it sent one. */
  retryAfterMs?: number;
  /** The service answered 200 on an extraction and then the body failed us: already paid. */
  charged: boolean;
}

export type RetryDecision = { action: 'retry'; delayMs: number } | { action: 'stop'; reason: string };

/** Capped exponential backoff with full jitter: uniform in [0, min(max, base · 2^(attempt-1))). */
export function backoffDelay(attempt: number, options: RetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * The one place that decides whether a failed service call is tried again, and when.
 * Callers never re-implement it.
 */
export function decideRetry(failed: FailedAttempt, options: RetryOptions, random: () => number = Math.random): RetryDecision {
  const { error, attempt } = failed;
  if (failed.charged) return { action: 'stop', reason: 'the call was charged; a retry would pay twice' };
  if (error.code === 'canceled') return { action: 'stop', reason: 'canceled by the caller' };
  const retry = (): RetryDecision =>
    attempt >= options.maxAttempts
      ? { action: 'stop', reason: `gave up after ${attempt} attempts` }
      : { action: 'retry', delayMs: backoffDelay(attempt, options, random) };

  switch (error.status) {
    case 400:
      return error.retryable ? retry() : { action: 'stop', reason: 'the extraction failed for good' };
    case 401:
      return { action: 'stop', reason: 'the API key is wrong' };
    case 402:
      return { action: 'stop', reason: 'out of credits' };
    case 422:
      return { action: 'stop', reason: 'the request was invalid' };
    case 429: {
      const decision = retry();
      return decision.action === 'retry' && failed.retryAfterMs !== undefined
        ? { action: 'retry', delayMs: failed.retryAfterMs }
        : decision;
    }
    case null:
      return error.code === 'network_error' || error.code === 'timeout'
        ? retry()
        : { action: 'stop', reason: error.message };
    default:
      return error.status >= 500 ? retry() : { action: 'stop', reason: `unexpected status ${error.status}` };
  }
}

/**
 * Retry-After as delta-seconds (fractions tolerated) or an HTTP date, in ms from now;
 * undefined when absent or unreadable. Only text with a month or day name is read as a
 * date: Date.parse takes "1.5" or "-1" for a day in 2001, which would mean "retry at once".
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (/^\d+(?:\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
