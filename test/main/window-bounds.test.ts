import { describe, expect, it } from 'vitest';
import { initialBounds, windowStateSchema } from '../../src/main/window-bounds';

const limits = { width: 1200, height: 800, minWidth: 800, minHeight: 560 };
const laptop = { x: 0, y: 0, width: 1440, height: 870 };
const rightMonitor = { x: 1440, y: 0, width: 1920, height: 1050 };

describe('initialBounds', () => {
  it('uses the default size, centred, the first time', () => {
    expect(initialBounds(undefined, [laptop], limits)).toEqual({ width: 1200, height: 800, maximized: false });
  });

  it('keeps saved bounds that fit on a screen', () => {
    const saved = { x: 1500, y: 40, width: 1000, height: 700, maximized: false };
    expect(initialBounds(saved, [laptop, rightMonitor], limits)).toEqual({ x: 1500, y: 40, width: 1000, height: 700, maximized: false });
  });

  it('moves a window hanging off the edge back onto its screen', () => {
    const saved = { x: 1000, y: -50, width: 1000, height: 700, maximized: false };
    expect(initialBounds(saved, [laptop], limits)).toEqual({ x: 440, y: 0, width: 1000, height: 700, maximized: false });
  });

  it('shrinks a window larger than its screen, but not below the minimum', () => {
    const saved = { x: 0, y: 0, width: 3000, height: 2000, maximized: true };
    expect(initialBounds(saved, [laptop], limits)).toEqual({ x: 0, y: 0, width: 1440, height: 870, maximized: true });
    const tiny = { x: 10, y: 10, width: 200, height: 100, maximized: false };
    expect(initialBounds(tiny, [laptop], limits)).toMatchObject({ width: 800, height: 560 });
  });

  it('falls back to the default when the saved screen is gone', () => {
    const onUnpluggedMonitor = { x: 2000, y: 100, width: 1000, height: 700, maximized: true };
    expect(initialBounds(onUnpluggedMonitor, [laptop], limits)).toEqual({ width: 1200, height: 800, maximized: true });
  });
});

describe('windowStateSchema', () => {
  it('refuses a damaged state file', () => {
    expect(windowStateSchema.safeParse({ x: 1, y: 2, width: -5, height: 10, maximized: false }).success).toBe(false);
    expect(windowStateSchema.safeParse({ x: 'a' }).success).toBe(false);
  });
});
