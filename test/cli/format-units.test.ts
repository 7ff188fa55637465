import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatSpeed, percentOf } from '../../src/cli/format-units';

describe('units', () => {
  it('formats byte counts in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MiB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3.0 TiB');
    expect(formatBytes(-1)).toBe('?');
    expect(formatSpeed(2048)).toBe('2.0 KiB/s');
  });

  it('formats durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(undefined)).toBe('--:--');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('--:--');
  });

  it('gives whole percents only when the total is known', () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(5, undefined)).toBeUndefined();
    expect(percentOf(5, 0)).toBeUndefined();
  });
});
