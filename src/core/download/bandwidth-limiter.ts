import { systemClock, type Clock } from '../api';

/**
 * One token bucket shared by every download, so the speed limit holds for all of them
 * together. `take` returns how long the caller must pause (0 = go on): no promise or
 * timer per chunk on the hot path. Callers that go into debt wait in proportion, which
 * shares the bandwidth fairly between connections.
 */
export interface BandwidthLimiter {
  readonly bytesPerSecond: number;
  /** 0 = unlimited. Takes effect at once. */
  setRate(bytesPerSecond: number): void;
  /** Accounts for `bytes` just received; returns the milliseconds to wait before reading more. */
  take(bytes: number): number;
}

// A quarter second of burst: smooth at the limit, without stalling single large chunks.
const BURST_SECONDS = 0.25;

export function createBandwidthLimiter(bytesPerSecond: number, clock: Clock = systemClock): BandwidthLimiter {
  let rate = Math.max(0, bytesPerSecond);
  let tokens = rate * BURST_SECONDS;
  let updated = clock.now();
  return {
    get bytesPerSecond() {
      return rate;
    },
    setRate(next) {
      rate = Math.max(0, next);
      tokens = Math.min(tokens, rate * BURST_SECONDS);
      updated = clock.now();
    },
    take(bytes) {
      if (rate === 0) return 0;
      const now = clock.now();
      tokens = Math.min(rate * BURST_SECONDS, tokens + ((now - updated) / 1000) * rate) - bytes;
      updated = now;
      return tokens >= 0 ? 0 : Math.ceil((-tokens / rate) * 1000);
    },
  };
}
