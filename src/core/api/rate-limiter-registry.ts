import { createHash } from 'node:crypto';
import type { ApiVersion } from '../../shared/settings';
import { createRateLimiter } from './rate-limiter';
import type { RateLimiter, RateWindow } from './rate-limiter';

/** The service's limits per key (spec, Limits): v1 1,200 a minute (20 a second), legacy 20 a second. */
export const RATE_LIMITS: Readonly<Record<ApiVersion, readonly RateWindow[]>> = {
  v1: [
    { limit: 20, windowMs: 1_000 },
    { limit: 1_200, windowMs: 60_000 },
  ],
  legacy: [{ limit: 20, windowMs: 1_000 }],
};

// The service counts per key, so every client in the process that uses a key shares one
// limiter. Keyed by a hash: the raw key is never kept as a visible string here.
const limiters = new Map<string, RateLimiter>();

export function sharedRateLimiter(apiKey: string, version: ApiVersion): RateLimiter {
  const id = createHash('sha256').update(`${version}\0${apiKey}`).digest('hex');
  let limiter = limiters.get(id);
  if (limiter === undefined) {
    limiter = createRateLimiter({ windows: RATE_LIMITS[version] });
    limiters.set(id, limiter);
  }
  return limiter;
}
