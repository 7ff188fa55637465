import { describe, expect, it } from 'vitest';
import { freeSpentBuffer } from '../../../src/core/download/free-spent-buffer';

describe('freeSpentBuffer', () => {
  it('releases the memory of a buffer that owns its whole ArrayBuffer', () => {
    const buffer = Buffer.alloc(64 * 1024, 1);
    freeSpentBuffer(buffer);
    expect(buffer.buffer.detached).toBe(true);
    expect(buffer.length).toBe(0);
  });

  it('leaves views into a larger or pooled ArrayBuffer alone, and ignores a buffer already freed', () => {
    const whole = Buffer.alloc(1024, 2);
    const view = whole.subarray(0, 512);
    freeSpentBuffer(view);
    expect(whole.buffer.detached).toBe(false);
    expect(view.equals(Buffer.alloc(512, 2))).toBe(true);
    // Small Buffer.from results share node's 8 KiB pool with other buffers.
    const pooled = Buffer.from('abc');
    freeSpentBuffer(pooled);
    expect(pooled.toString()).toBe('abc');
    freeSpentBuffer(whole);
    expect(() => freeSpentBuffer(whole)).not.toThrow();
    expect(whole.buffer.detached).toBe(true);
  });
});
