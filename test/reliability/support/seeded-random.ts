import { randomInt } from 'node:crypto';

/**
 * A reproducible random source: the seed comes from TROVE_RELIABILITY_SEED when set, else
 * is drawn and reported, so a failure found at random can be replayed exactly.
 */
export interface SeededRandom {
  seed: number;
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(name: string): SeededRandom {
  const fromEnv = Number(process.env['TROVE_RELIABILITY_SEED']);
  const seed = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : randomInt(1, 2 ** 31);
  // mulberry32: tiny, fast, and good enough to spread kill times and fault choices.
  let state = (seed ^ hash(name)) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}
