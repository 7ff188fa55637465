import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../src/sandbox/rate-limit';
import { credits, extract, type Version } from './helpers/api';
import { manualClock, useSandbox } from './helpers/sandbox';
import { legacyErrorSchema, v1ErrorSchema } from './helpers/schemas';

const clock = manualClock();
const sandbox = useSandbox({ now: clock.now, keys: ['a', 'b', 'c', 'd', 'e'] });

/** Sends n credit queries at the current (frozen) instant; returns their statuses. */
async function burst(version: Version, key: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await credits(sandbox(), version, { key })).status);
  return statuses;
}

describe('rate limits over HTTP (injected clock)', () => {
  it.each<[Version, string]>([
    ['v1', 'a'],
    ['legacy', 'b'],
  ])('%s: the 21st request within a second → 429 too_many_requests with Retry-After', async (version, key) => {
    sandbox().resetStats();
    expect(await burst(version, key, 20)).toEqual(Array(20).fill(200));
    const limited = await credits(sandbox(), version, { key });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    const body = version === 'v1' ? v1ErrorSchema.parse(limited.json) : legacyErrorSchema.parse(limited.json);
    expect(body.code).toBe(version === 'v1' ? 'too_many_requests' : 'TooManyRequests');
    expect(sandbox().stats().rateLimited).toBe(1);
    // Still limited just before the window passes, free again once it has.
    clock.advance(999);
    expect((await credits(sandbox(), version, { key })).status).toBe(429);
    clock.advance(1);
    expect((await credits(sandbox(), version, { key })).status).toBe(200);
  });

  it('limits each key on its own, and extraction endpoints count too', async () => {
    clock.advance(5_000);
    expect(await burst('v1', 'c', 20)).toEqual(Array(20).fill(200));
    expect((await extract(sandbox(), 'v1', 'post', { url: 'https://video.example/watch/r' }, { key: 'c' })).status).toBe(429);
    expect((await extract(sandbox(), 'v1', 'post', { url: 'https://video.example/watch/r' }, { key: 'd' })).status).toBe(200);
  });

  it('a 429 is not charged', async () => {
    clock.advance(5_000);
    await burst('v1', 'e', 20);
    const before = sandbox().getBalance('e');
    expect((await extract(sandbox(), 'v1', 'post', { url: 'https://video.example/watch/r' }, { key: 'e' })).status).toBe(429);
    expect(sandbox().getBalance('e')).toBe(before);
  });

  it('v1: a client pacing itself at exactly 20/s for over a minute never sees a 429', async () => {
    clock.advance(60_000);
    sandbox().resetStats();
    for (let i = 0; i < 1_300; i++) {
      expect((await credits(sandbox(), 'v1', { key: 'a' })).status).toBe(200);
      clock.advance(50);
    }
    expect(sandbox().stats().rateLimited).toBe(0);
  });
});

describe('SlidingWindowLimiter', () => {
  it('rejects when any rule is full and says when the blocking request leaves its window', () => {
    const time = manualClock(0);
    const limiter = new SlidingWindowLimiter(
      [
        { limit: 2, windowMs: 100 },
        { limit: 3, windowMs: 1_000 },
      ],
      time.now,
    );
    expect(limiter.take('k')).toEqual({ ok: true });
    expect(limiter.take('k')).toEqual({ ok: true });
    expect(limiter.take('k')).toEqual({ ok: false, retryAfterMs: 100 });
    time.advance(100);
    expect(limiter.take('k')).toEqual({ ok: true });
    time.advance(100);
    // The short rule has room again, the long one (3 per second) does not until t=1000.
    expect(limiter.take('k')).toEqual({ ok: false, retryAfterMs: 800 });
    expect(limiter.take('other')).toEqual({ ok: true });
    time.advance(800);
    expect(limiter.take('k')).toEqual({ ok: true });
  });

  it('does not log rejected requests, so hammering does not extend the wait', () => {
    const time = manualClock(0);
    const limiter = new SlidingWindowLimiter([{ limit: 1, windowMs: 1_000 }], time.now);
    limiter.take('k');
    for (let i = 0; i < 10; i++) {
      time.advance(50);
      expect(limiter.take('k').ok).toBe(false);
    }
    time.advance(500);
    expect(limiter.take('k').ok).toBe(true);
  });
});
