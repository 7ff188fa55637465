import { describe, expect, it } from 'vitest';
import { guessSubscriptionKind, nextRunAfter, startOfMonth } from '../../../src/core/subscriptions/schedule';

const HOUR = 3_600_000;

describe('the schedule', () => {
  it('counts the next run from the end of the last one, so missed slots are not replayed', () => {
    const lastRunEnded = Date.UTC(2026, 4, 10, 12);
    expect(nextRunAfter('hourly', lastRunEnded)).toBe(lastRunEnded + HOUR);
    expect(nextRunAfter('6h', lastRunEnded)).toBe(lastRunEnded + 6 * HOUR);
    expect(nextRunAfter('daily', lastRunEnded)).toBe(lastRunEnded + 24 * HOUR);
    expect(nextRunAfter('weekly', lastRunEnded)).toBe(lastRunEnded + 7 * 24 * HOUR);
    expect(nextRunAfter('off', lastRunEnded)).toBeNull();
  });

  it('starts the month on its first day, local time', () => {
    const start = new Date(startOfMonth(new Date(2026, 4, 31, 23, 59).getTime()));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([2026, 4, 1, 0]);
  });

  it('takes a link for a profile unless it names a playlist or list', () => {
    expect(guessSubscriptionKind('https://video.example/@alice')).toBe('profile');
    expect(guessSubscriptionKind('https://video.example/c/alice')).toBe('profile');
    expect(guessSubscriptionKind('https://video.example/playlist/mix')).toBe('playlist');
    expect(guessSubscriptionKind('https://video.example/watch?v=1&list=PL1')).toBe('playlist');
    expect(guessSubscriptionKind('https://music.example/sets/summer')).toBe('playlist');
  });
});
