import { realSleep, systemClock } from './timing';
import type { Clock, Sleep } from './timing';

/** At most `limit` requests in any `windowMs` (a sliding window). */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

export interface RateLimiterOptions {
  windows: readonly RateWindow[];
  clock?: Clock;
  sleep?: Sleep;
  /** Added to every window, for the coarseness of clocks on both sides. */
  marginMs?: number;
}

/** A granted request. Release it when its answer has arrived (or the attempt ended). */
export interface RateSlot {
  release(): void;
}

export interface RateLimiter {
  /** Waits for a slot, first come first served; undefined when `signal` aborted first. */
  acquire(signal?: AbortSignal): Promise<RateSlot | undefined>;
  /** The service answered 429: hold every caller (for Retry-After, else one window), then go slower. */
  penalize(retryAfterMs?: number): void;
  /** Callers waiting for a slot. */
  readonly waiting: number;
}

/**
 * Extra time a request stays counted after its window. Counting from our grant to one window
 * after the answer already covers any server timestamp, so the margin only absorbs timer
 * jitter: 5 ms keeps 0 × 429 at the full 20/s (docs/performance.md, benchmark 5); 50 ms cost
 * 7 % of the allowed rate.
 */
export const DEFAULT_MARGIN_MS = 5;

interface Grant {
  /** When the answer arrived; until then the server may not even have counted it yet. */
  releasedAt?: number;
}

interface Waiter {
  grant: (slot: RateSlot) => void;
}

/**
 * A FIFO limiter over sliding windows. The server counts a request when it gets to it,
 * anywhere between our send and its answer, so a request counts here from its grant until
 * one window after its answer arrived: however late the server stamps it, it can never
 * see more than the limit in a window (that count alone keeps it safe). Grants are also
 * spaced evenly, `windowMs / limit` apart (20/s: one every 50 ms), rather than sent in
 * bursts; each is scheduled from when the previous one was due, so a timer that fires a few
 * ms late does not push every later grant back. After a 429 it adapts like TCP's AIMD: the
 * limit of the shortest window halves, then grows back by one for every window that passes.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { windows, clock = systemClock, sleep = realSleep, marginMs = DEFAULT_MARGIN_MS } = options;
  const shortest = windows.reduce((a, b) => (b.windowMs < a.windowMs ? b : a));
  const longestSpan = Math.max(...windows.map((window) => window.windowMs)) + marginMs;
  const grants: Grant[] = [];
  const queue: Waiter[] = [];
  /** When the next grant is due on the even schedule (none yet: at once). */
  let nextDue = -Infinity;
  let pausedUntil = 0;
  let penalty: { at: number; limit: number } | undefined;
  let pumping = false;
  let wakeOnRelease: (() => void) | undefined;

  const limitOf = (window: RateWindow, now: number): number => {
    if (window !== shortest || penalty === undefined) return window.limit;
    const recovered = Math.max(0, Math.floor((now - penalty.at) / window.windowMs));
    return Math.min(window.limit, penalty.limit + recovered);
  };

  /** The even pace: the strictest window's share of its window per grant. */
  const spacingAt = (now: number): number => Math.max(...windows.map((window) => window.windowMs / limitOf(window, now)));

  /** How long until the next grant may go out; Infinity when only a release can free a slot. */
  const waitMs = (now: number): number => {
    const expired = (grant: Grant, span: number) => grant.releasedAt !== undefined && grant.releasedAt <= now - span;
    while (grants[0] !== undefined && expired(grants[0], longestSpan)) grants.shift();
    let wait = Math.max(pausedUntil - now, Math.ceil(nextDue - now));
    for (const window of windows) {
      const span = window.windowMs + marginMs;
      const limit = limitOf(window, now);
      const counted = grants.filter((grant) => !expired(grant, span));
      if (counted.length < limit) continue;
      // The next slot opens when enough counted grants have left the window.
      const leaving = counted
        .map((grant) => (grant.releasedAt === undefined ? Infinity : grant.releasedAt + span))
        .sort((a, b) => a - b)[counted.length - limit];
      wait = Math.max(wait, (leaving ?? Infinity) - now);
    }
    return wait;
  };

  const pump = async (): Promise<void> => {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const wait = waitMs(clock.now());
        if (wait === Infinity) await new Promise<void>((resolve) => (wakeOnRelease = resolve));
        else if (wait > 0) await sleep(wait);
        else grantNext();
      }
    } finally {
      pumping = false;
    }
  };

  const grantNext = (): void => {
    const now = clock.now();
    const spacing = spacingAt(now);
    // Less than a step late keeps the schedule; after an idle spell, a pause or a full window
    // it restarts from now, so the limiter never catches up with a burst.
    const due = now - nextDue < spacing ? nextDue : now;
    nextDue = due + spacing;
    const grant: Grant = {};
    grants.push(grant);
    queue.shift()?.grant({
      release: () => {
        grant.releasedAt ??= clock.now();
        wakeOnRelease?.();
        wakeOnRelease = undefined;
      },
    });
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.resolve(undefined);
      return new Promise<RateSlot | undefined>((resolve) => {
        const onAbort = (): void => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          resolve(undefined);
        };
        const waiter: Waiter = {
          grant: (slot) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(slot);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
        void pump();
      });
    },
    penalize(retryAfterMs) {
      const now = clock.now();
      // A burst comes back as a wave of 429s: that is one signal, so halve once per pause.
      const limit = penalty !== undefined && now < penalty.at ? penalty.limit : Math.max(1, Math.floor(limitOf(shortest, now) / 2));
      pausedUntil = Math.max(pausedUntil, now + (retryAfterMs ?? shortest.windowMs));
      // Recovery counts from the end of the pause, not from the 429.
      penalty = { at: pausedUntil, limit };
    },
    get waiting() {
      return queue.length;
    },
  };
}
