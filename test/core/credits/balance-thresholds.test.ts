import { describe, expect, it } from 'vitest';
import type { ArmedState } from '../../../src/core/credits/balance-thresholds';
import { crossThresholds, isBelow } from '../../../src/core/credits/balance-thresholds';
import { BALANCE_ALERT_THRESHOLDS } from '../../../src/shared/credits';

/** Feed balances in order; the alert each one raises. */
function run(balances: number[], initial: ArmedState = new Map()): Array<number | undefined> {
  let state = initial;
  return balances.map((balance) => {
    const { alert, armed } = crossThresholds(BALANCE_ALERT_THRESHOLDS, state, balance);
    state = armed;
    return alert;
  });
}

describe('balance thresholds', () => {
  it('"below" is strict, and 0 means reached', () => {
    expect(isBelow(300, 300)).toBe(false);
    expect(isBelow(300, 299.5)).toBe(true);
    expect(isBelow(0, 0)).toBe(true);
    expect(isBelow(0, -3)).toBe(true);
    expect(isBelow(0, 1)).toBe(false);
  });

  it('fires each threshold once as the balance falls through it', () => {
    expect(run([12_000, 9_999, 9_000, 1_999, 1_000, 299, 250, 99, 1, 0, 0])).toEqual([
      undefined, 10_000, undefined, 2_000, undefined, 300, undefined, 100, undefined, 0, undefined,
    ]);
  });

  it('on the first balance seen, fires only the most severe threshold already crossed', () => {
    expect(run([250])).toEqual([300]);
    expect(run([50_000])).toEqual([undefined]);
    expect(run([0])).toEqual([0]);
  });

  it('a drop through several thresholds at once raises the most severe one only', () => {
    expect(run([12_000, 150, 50])).toEqual([undefined, 300, 100]);
  });

  it('re-arms after a top-up lifts the balance back to or above the threshold', () => {
    expect(run([250, 5_000, 250])).toEqual([300, undefined, 300]);
    // a top-up to 1,000 re-arms 300 and 100, not 2,000 or 10,000
    expect(run([250, 1_000, 1_500, 9_000, 12_000, 9_000])).toEqual([300, undefined, undefined, undefined, undefined, 10_000]);
  });
});
