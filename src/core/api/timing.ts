import { setTimeout as delay } from 'node:timers/promises';

/** Injected time, so limiter and backoff tests run on a fake clock. */
export interface Clock {
  now(): number;
}

/** Resolves after `ms`; rejects when `signal` aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const systemClock: Clock = { now: () => Date.now() };

export const realSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, signal ? { signal } : undefined);
};
