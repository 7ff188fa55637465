import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/core/api/rate-limiter';
import { RATE_LIMITS, sharedRateLimiter } from '../../../src/core/api/rate-limiter-registry';
import { fakeTime } from './helpers/fake-time';
import { maxInWindow } from './helpers/window-count';

const second = [{ limit: 20, windowMs: 1_000 }];

/**
 * Starts `count` acquisitions at once and records, in grant order, which one got a slot
 * when. Each request is answered at once (the slot released on grant).
 */
async function burst(limiter: ReturnType<typeof createRateLimiter>, clock: { now(): number }, count: number) {
  const grants: Array<{ index: number; at: number }> = [];
  await Promise.all(
    Array.from({ length: count }, (_, index) =>
      limiter.acquire().then((slot) => {
        expect(slot).toBeDefined();
        slot?.release();
        grants.push({ index, at: clock.now() });
      }),
    ),
  );
  return grants;
}

describe('createRateLimiter', () => {
  it('paces grants a window over the limit apart, and the window (plus margin) holds the 21st', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: second, clock, sleep, marginMs: 50 });
    const times = (await burst(limiter, clock, 45)).map((grant) => grant.at);
    // 50 ms steps; each 21st waits until the grant 20 before it has been out for 1,050 ms.
    expect(times).toEqual(Array.from({ length: 45 }, (_, index) => Math.floor(index / 20) * 1_050 + (index % 20) * 50));
    expect(maxInWindow(times, 1_050)).toBe(20);
  });

  it('keeps its even schedule when timers fire late: a late grant does not push back the next', async () => {
    const { clock, sleep } = fakeTime();
    // Every sleep overshoots by 3 ms, as timers do on a loaded machine.
    const lateSleep = async (ms: number) => sleep(ms + 3);
    const limiter = createRateLimiter({ windows: second, clock, sleep: lateSleep, marginMs: 0 });
    const times = (await burst(limiter, clock, 20)).map((grant) => grant.at);
    expect(times).toEqual(Array.from({ length: 20 }, (_, index) => (index === 0 ? 0 : index * 50 + 3)));
  });

  it('restarts its schedule after an idle spell instead of catching up with a burst', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: second, clock, sleep, marginMs: 0 });
    const first = (await burst(limiter, clock, 3)).map((grant) => grant.at);
    await sleep(400); // idle: grants were due at 150, 200, …
    const next = (await burst(limiter, clock, 3)).map((grant) => grant.at);
    expect(first).toEqual([0, 50, 100]);
    expect(next).toEqual([500, 550, 600]);
  });

  it('serves waiters first come, first served', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: second, clock, sleep });
    const grants = await burst(limiter, clock, 70);
    expect(grants.map((grant) => grant.index)).toEqual(Array.from({ length: 70 }, (_, index) => index));
  });

  it('keeps the v1 limits: at most 20 in any second and 1,200 in any minute', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: RATE_LIMITS.v1, clock, sleep, marginMs: 0 });
    const times = (await burst(limiter, clock, 1_300)).map((grant) => grant.at);
    expect(maxInWindow(times, 1_000)).toBe(20);
    expect(maxInWindow(times, 60_000)).toBe(1_200);
    expect(times[1_200]).toBe(60_000);
  });

  it('enforces a window that pacing alone would not (limits that change under a penalty)', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: [{ limit: 4, windowMs: 1_000 }], clock, sleep, marginMs: 0 });
    const first = (await burst(limiter, clock, 4)).map((grant) => grant.at);
    expect(first).toEqual([0, 250, 500, 750]);
    limiter.penalize(0); // at 750: the limit halves to 2
    const next = (await burst(limiter, clock, 2)).map((grant) => grant.at);
    // Spacing alone (750 + 500) would allow 1,250, but 500 and 750 are still in the window.
    expect(next).toEqual([1_500, 2_000]);
    expect(maxInWindow([...first, ...next], 1_000)).toBe(4);
  });

  it('drops a waiter whose signal aborts, and the rest keep their order', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: [{ limit: 1, windowMs: 1_000 }], clock, sleep, marginMs: 0 });
    const controller = new AbortController();
    const order: string[] = [];
    const take = (name: string, signal?: AbortSignal) =>
      limiter.acquire(signal).then((slot) => {
        slot?.release();
        order.push(`${name}:${slot === undefined ? 'aborted' : clock.now()}`);
      });
    const all = Promise.all([take('a'), take('b', controller.signal), take('c')]);
    controller.abort();
    await all;
    expect(order).toEqual(['a:0', 'b:aborted', 'c:1000']);
    expect(await limiter.acquire(AbortSignal.abort())).toBeUndefined();
  });

  it('counts a request until a window after its answer: a slow answer holds its slot', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: [{ limit: 2, windowMs: 1_000 }], clock, sleep, marginMs: 0 });
    const first = await limiter.acquire();
    const second = await limiter.acquire();
    expect(clock.now()).toBe(500); // paced: 1000 / 2
    const third = limiter.acquire();
    await sleep(4_000); // both answers take long; the server may count them as late as that
    expect(limiter.waiting).toBe(1);
    first?.release(); // at 4,500
    const slot = await third;
    expect(slot).toBeDefined();
    expect(clock.now()).toBe(5_500);
    second?.release();
    slot?.release();
  });

  it('after a 429 pauses for Retry-After, then runs at half the rate and recovers one per window', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: second, clock, sleep, marginMs: 0 });
    limiter.penalize(3_000);
    const times = (await burst(limiter, clock, 60)).map((grant) => grant.at);
    expect(times[0]).toBe(3_000);
    const perWindow = [3_000, 4_000, 5_000, 6_000].map((start) => times.filter((at) => at >= start && at < start + 1_000).length);
    expect(perWindow).toEqual([10, 11, 12, 13]);
  });

  it('halves again on repeated 429s, never below one, and grows back by one a window', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: second, clock, sleep, marginMs: 0 });
    for (let i = 0; i < 8; i++) limiter.penalize(0);
    const times = (await burst(limiter, clock, 6)).map((grant) => grant.at);
    // 1 a second, then 2 (every 500 ms), then 3 (every 333⅓ ms, each on the next whole ms).
    expect(times).toEqual([0, 1_000, 1_500, 2_000, 2_334, 2_667]);
  });

  it('halves only once for a wave of 429s that arrive during one pause', async () => {
    const { clock, sleep } = fakeTime();
    const limiter = createRateLimiter({ windows: second, clock, sleep, marginMs: 0 });
    for (let i = 0; i < 10; i++) limiter.penalize(1_000);
    const times = (await burst(limiter, clock, 11)).map((grant) => grant.at);
    expect(times).toEqual([...Array.from({ length: 10 }, (_, index) => 1_000 + index * 100), 2_000]);
  });

  it('pauses one window after a 429 without Retry-After', async () => {
    const { clock, sleep } = fakeTime(5_000);
    const limiter = createRateLimiter({ windows: second, clock, sleep });
    limiter.penalize();
    expect(await limiter.acquire()).toBeDefined();
    expect(clock.now()).toBe(6_000);
  });
});

describe('sharedRateLimiter', () => {
  it('gives every caller of one key and version the same limiter', () => {
    expect(sharedRateLimiter('key-a', 'v1')).toBe(sharedRateLimiter('key-a', 'v1'));
    expect(sharedRateLimiter('key-a', 'v1')).not.toBe(sharedRateLimiter('key-b', 'v1'));
    expect(sharedRateLimiter('key-a', 'v1')).not.toBe(sharedRateLimiter('key-a', 'legacy'));
  });
});
