import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBalanceAlerts } from '../../../src/core/credits/balance-alerts';
import type { TempLibrary } from '../library/temp-library';
import { stepClock, tempLibrary } from '../library/temp-library';

let temp: TempLibrary;
beforeEach(() => {
  temp = tempLibrary();
});
afterEach(() => temp.cleanup());

const thresholdsOf = (alerts: ReturnType<typeof createBalanceAlerts>, balances: number[]) =>
  balances.map((balance) => {
    const result = alerts.observe(balance);
    if (!result.ok) throw new Error(result.error.message);
    return result.value?.threshold;
  });

describe('balance alerts', () => {
  it('fires once per crossing with a message for people', () => {
    const alerts = createBalanceAlerts(temp.db, { now: stepClock() });
    expect(alerts.observe(12_000)).toEqual({ ok: true, value: null });
    expect(alerts.observe(1_500)).toEqual({
      ok: true,
      value: { threshold: 2_000, balance: 1_500, message: 'Your credit balance fell below 2,000: 1,500 left.' },
    });
    expect(alerts.observe(1_400)).toEqual({ ok: true, value: null });
    expect(alerts.observe(0)).toMatchObject({ ok: true, value: { threshold: 0, message: expect.stringMatching(/run out of credits/) } });
  });

  it('does not repeat an alert after a restart, and still fires the next one', () => {
    const clock = stepClock();
    expect(thresholdsOf(createBalanceAlerts(temp.db, { now: clock }), [12_000, 9_000])).toEqual([undefined, 10_000]);
    temp.reopen();
    const afterRestart = createBalanceAlerts(temp.db, { now: clock });
    expect(thresholdsOf(afterRestart, [9_000, 8_000, 250])).toEqual([undefined, undefined, 300]);
    expect(afterRestart.lastBalance()).toEqual({ ok: true, value: { balance: 250, observedAt: expect.any(Number) } });
  });

  it('re-arms after a top-up, across a restart too', () => {
    const clock = stepClock();
    expect(thresholdsOf(createBalanceAlerts(temp.db, { now: clock }), [250, 20_000])).toEqual([300, undefined]);
    temp.reopen();
    expect(thresholdsOf(createBalanceAlerts(temp.db, { now: clock }), [9_500, 250])).toEqual([10_000, 300]);
  });

  it('knows no balance before the first observation, and refuses a non-number', () => {
    const alerts = createBalanceAlerts(temp.db, { now: stepClock() });
    expect(alerts.lastBalance()).toEqual({ ok: true, value: null });
    expect(alerts.observe(Number.NaN)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(alerts.lastBalance()).toEqual({ ok: true, value: null });
  });
});
