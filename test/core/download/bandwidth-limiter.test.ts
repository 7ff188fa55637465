import { describe, expect, it } from 'vitest';
import { createBandwidthLimiter } from '../../../src/core/download/bandwidth-limiter';
import { createProgressMeter, type DownloadProgress } from '../../../src/core/download/progress-meter';

const fakeClock = (): { now: () => number; advance: (ms: number) => void } => {
  let time = 1_000_000;
  return { now: () => time, advance: (ms) => (time += ms) };
};

describe('createBandwidthLimiter', () => {
  it('never waits when unlimited', () => {
    const limiter = createBandwidthLimiter(0, fakeClock());
    expect(limiter.take(10_000_000)).toBe(0);
  });

  it('lets a quarter second of burst through, then asks for waits matching the rate', () => {
    const clock = fakeClock();
    const limiter = createBandwidthLimiter(1000, clock);
    expect(limiter.take(250)).toBe(0);
    expect(limiter.take(500)).toBe(500);
    // A second caller in the same instant queues behind the first one's debt.
    expect(limiter.take(500)).toBe(1000);
    clock.advance(1000);
    expect(limiter.take(0)).toBe(0);
  });

  it('holds the rate over time for all callers together', () => {
    const clock = fakeClock();
    const limiter = createBandwidthLimiter(10_000, clock);
    let sent = 0;
    // Two connections taking 1 KB chunks, each waiting as told.
    const ready = [clock.now(), clock.now()];
    for (let step = 0; step < 200; step++) {
      const who = ready[0]! <= ready[1]! ? 0 : 1;
      clock.advance(Math.max(0, ready[who]! - clock.now()));
      ready[who] = clock.now() + limiter.take(1000);
      sent += 1000;
    }
    const elapsedSeconds = (Math.max(...ready) - 1_000_000) / 1000;
    expect(sent / elapsedSeconds).toBeLessThanOrEqual(10_000 * 1.05);
    expect(sent / elapsedSeconds).toBeGreaterThan(10_000 * 0.9);
  });

  it('applies a new rate at once', () => {
    const clock = fakeClock();
    const limiter = createBandwidthLimiter(1000, clock);
    limiter.setRate(0);
    expect(limiter.take(1_000_000)).toBe(0);
    limiter.setRate(100);
    expect(limiter.take(100)).toBe(1000);
    expect(limiter.bytesPerSecond).toBe(100);
  });
});

describe('createProgressMeter', () => {
  it('emits at most four times a second, with speed and ETA', () => {
    const clock = fakeClock();
    const events: DownloadProgress[] = [];
    const meter = createProgressMeter(clock, (progress) => events.push(progress));
    meter.set(0, 10_000);
    for (let i = 0; i < 100; i++) {
      meter.add(10);
      clock.advance(10);
    }
    // 1 s of chunks every 10 ms: the first chunk and then one every 250 ms.
    expect(events.length).toBe(4);
    const last = events.at(-1)!;
    expect(last.total).toBe(10_000);
    expect(last.speed).toBeCloseTo(1000, -1);
    expect(last.etaSeconds).toBeCloseTo((10_000 - last.bytes) / last.speed, 5);
  });

  it('flushes on demand and never reports a negative speed after a restart from zero', () => {
    const clock = fakeClock();
    const events: DownloadProgress[] = [];
    const meter = createProgressMeter(clock, (progress) => events.push(progress));
    meter.add(5000);
    clock.advance(1000);
    meter.set(0, 8000);
    meter.flush();
    expect(events.at(-1)).toMatchObject({ bytes: 0, total: 8000 });
    expect(events.at(-1)!.speed).toBeGreaterThanOrEqual(0);
  });
});
