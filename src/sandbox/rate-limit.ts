/**
 * Sliding-window-log rate limiter. Each key keeps the timestamps of its accepted requests;
 * a request is rejected when any rule already counts `limit` accepted requests within its
 * last `windowMs`. Rejected requests are not logged, so a client that backs off recovers as
 * soon as the oldest request leaves the window, and a client pacing itself at exactly the
 * limit (20/s = one request every 50 ms) never sees a 429: at any instant the previous
 * second holds at most 19 of its earlier requests.
 */

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** v1: 1,200 per minute per key, which the spec equates with 20 per second: both apply. */
export const V1_RATE_RULES: readonly RateRule[] = [
  { limit: 20, windowMs: 1_000 },
  { limit: 1_200, windowMs: 60_000 },
];

/** Legacy: 20 per second. */
export const LEGACY_RATE_RULES: readonly RateRule[] = [{ limit: 20, windowMs: 1_000 }];

export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number };

export class SlidingWindowLimiter {
  private readonly logs = new Map<string, number[]>();
  private readonly horizonMs: number;

  constructor(
    private readonly rules: readonly RateRule[],
    private readonly now: () => number,
  ) {
    this.horizonMs = Math.max(...rules.map((r) => r.windowMs));
  }

  /** Accepts (and logs) the request or says how long until one would be accepted. */
  take(id: string): RateDecision {
    const now = this.now();
    const log = this.logs.get(id) ?? [];
    while (log.length > 0 && (log[0] ?? 0) <= now - this.horizonMs) log.shift();
    let retryAfterMs = 0;
    for (const rule of this.rules) {
      const inWindow = log.filter((t) => t > now - rule.windowMs);
      if (inWindow.length >= rule.limit) {
        // The request that must leave the window before one more fits.
        const blocker = inWindow[inWindow.length - rule.limit] ?? now;
        retryAfterMs = Math.max(retryAfterMs, blocker + rule.windowMs - now);
      }
    }
    if (retryAfterMs > 0) return { ok: false, retryAfterMs };
    log.push(now);
    this.logs.set(id, log);
    return { ok: true };
  }
}
