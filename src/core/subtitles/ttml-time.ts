/*
 * TTML time expressions (TTML2 §10.3.1) and the timing parameters on the root `<tt>`:
 *   clock time   00:00:01.500 · 00:00:01:12 (frames) · 00:00:01:12.1 (frames.sub-frames)
 *   offset time  1.5s · 1500ms · 0.5m · 1h · 12f (frames) · 10010000t (ticks)
 * Frames count at ttp:frameRate × ttp:frameRateMultiplier (default 30 × 1); ticks at
 * ttp:tickRate, which defaults to frame rate × sub-frame rate when a frame rate is given,
 * else to 1. SMPTE drop-frame counting is not applied: frames are counted evenly.
 */

export interface TtmlTiming {
  /** Effective frames per second. */
  frameRate: number;
  subFrameRate: number;
  tickRate: number;
}

const positive = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) && number > 0 ? number : undefined;
};

/** Timing parameters from the `<tt>` attributes; a message names the first bad one. */
export function ttmlTiming(attrs: Readonly<Record<string, string>>): TtmlTiming | string {
  for (const name of ['frameRate', 'subFrameRate', 'tickRate'] as const) {
    if (attrs[name] !== undefined && positive(attrs[name]) === undefined) return `ttp:${name} "${attrs[name]}" is not a positive number`;
  }
  const [numerator, denominator] = (attrs.frameRateMultiplier ?? '1 1').trim().split(/\s+/).map(positive);
  if (numerator === undefined || denominator === undefined) {
    return `ttp:frameRateMultiplier "${attrs.frameRateMultiplier}" is not two positive numbers`;
  }
  const frameRate = (positive(attrs.frameRate) ?? 30) * (numerator / denominator);
  const subFrameRate = positive(attrs.subFrameRate) ?? 1;
  const tickRate = positive(attrs.tickRate) ?? (attrs.frameRate === undefined ? 1 : frameRate * subFrameRate);
  return { frameRate, subFrameRate, tickRate };
}

const CLOCK = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)(?::(\d+)(?:\.(\d+))?)?$/;
const OFFSET = /^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$/;

/** A time expression in milliseconds, or undefined when it is not one. */
export function parseTtmlTime(text: string, timing: TtmlTiming): number | undefined {
  const value = text.trim();
  const clock = CLOCK.exec(value);
  if (clock) {
    const [, hours = '0', minutes = '0', seconds = '0', frames, subFrames] = clock;
    if (frames !== undefined && seconds.includes('.')) return undefined;
    const frameCount = Number(frames ?? 0) + Number(subFrames ?? 0) / timing.subFrameRate;
    return (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + frameCount / timing.frameRate) * 1000;
  }
  const offset = OFFSET.exec(value);
  if (!offset) return undefined;
  const count = Number(offset[1]);
  const msPerUnit: Record<string, number> = {
    h: 3_600_000,
    m: 60_000,
    s: 1000,
    ms: 1,
    f: 1000 / timing.frameRate,
    t: 1000 / timing.tickRate,
  };
  return count * (msPerUnit[offset[2] ?? 's'] ?? 1000);
}
