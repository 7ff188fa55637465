/** The balance is under this threshold: strictly below it, or for 0, reached (0 or less). */
export const isBelow = (threshold: number, balance: number): boolean =>
  threshold === 0 ? balance <= 0 : balance < threshold;

/** Per threshold: armed (true), fired and waiting for a top-up (false); absent = never evaluated. */
export type ArmedState = ReadonlyMap<number, boolean>;

export interface Crossing {
  /** The threshold to alert about, if any: the most severe one crossed by this balance. */
  readonly alert: number | undefined;
  readonly armed: Map<number, boolean>;
}

/**
 * Which alert a new balance fires. An armed threshold the balance is now below fires and
 * disarms; a fired one re-arms once the balance is back at or above it. When one change
 * crosses several thresholds (or on the very first balance seen), all of them disarm but
 * only the most severe is reported: someone at 250 gets one "below 300" alert, not three.
 */
export function crossThresholds(thresholds: readonly number[], state: ArmedState, balance: number): Crossing {
  const armed = new Map<number, boolean>();
  const fired: number[] = [];
  for (const threshold of thresholds) {
    const below = isBelow(threshold, balance);
    const wasArmed = state.get(threshold) ?? true;
    if (wasArmed && below) fired.push(threshold);
    armed.set(threshold, !below);
  }
  return { alert: fired.length > 0 ? Math.min(...fired) : undefined, armed };
}
