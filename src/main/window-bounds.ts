import { z } from 'zod';

/** The window's last size and place, as saved between runs. */
export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SizeLimits {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** Bounds to open the window with; no x/y means "let the OS centre it". */
export interface InitialBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

// At least this much of the window must be on a screen for the saved place to be kept.
const MIN_VISIBLE = 100;

const overlap = (a: Rect, b: Rect): number => {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
};

const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Where to reopen the window: the saved bounds, moved and shrunk to fit the screen they
 * are mostly on. A monitor that was unplugged (saved place on no screen) gives the
 * default size, centred; a size never goes below the minimum.
 */
export function initialBounds(saved: WindowState | undefined, workAreas: readonly Rect[], limits: SizeLimits): InitialBounds {
  const fallback: InitialBounds = { width: limits.width, height: limits.height, maximized: false };
  if (!saved) return fallback;
  const ranked = workAreas
    .map((area) => ({ area, shared: overlap(saved, area) }))
    .sort((a, b) => b.shared - a.shared);
  const best = ranked[0];
  if (!best || best.shared < MIN_VISIBLE * MIN_VISIBLE) return { ...fallback, maximized: saved.maximized };
  const { area } = best;
  const width = clamp(saved.width, limits.minWidth, area.width);
  const height = clamp(saved.height, limits.minHeight, area.height);
  return {
    x: clamp(saved.x, area.x, area.x + area.width - width),
    y: clamp(saved.y, area.y, area.y + area.height - height),
    width,
    height,
    maximized: saved.maximized,
  };
}
