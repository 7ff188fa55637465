import type { Clock, Sleep } from '../../../../src/core/api/timing';

/**
 * A clock that only moves when someone sleeps: limiter and backoff tests run instantly. The
 * move waits for pending callbacks (setImmediate runs after them), so whoever was just
 * granted something still sees the time of the grant.
 */
export function fakeTime(start = 0): { clock: Clock; sleep: Sleep; slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    clock: { now: () => now },
    slept,
    sleep: async (ms) => {
      slept.push(ms);
      await new Promise((resolve) => setImmediate(resolve));
      now += ms;
    },
  };
}
