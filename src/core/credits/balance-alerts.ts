import { z } from 'zod';
import { BALANCE_ALERT_THRESHOLDS } from '../../shared/credits';
import type { Result } from '../../shared/errors';
import type { Db } from '../db';
import { parseInput } from '../../shared/parse-input';
import { guardDb } from '../db';
import { crossThresholds } from './balance-thresholds';

export interface BalanceAlert {
  /** 0 means "ran out"; any other value means "fell below". */
  readonly threshold: number;
  readonly balance: number;
  readonly message: string;
}

export interface ObservedBalance {
  readonly balance: number;
  readonly observedAt: number;
}

export interface BalanceAlertsOptions {
  readonly now: () => number;
  readonly thresholds?: readonly number[];
}

const balanceSchema = z.number().finite();
const credits = (value: number): string => value.toLocaleString('en-US');

const describe = (threshold: number, balance: number): string =>
  threshold === 0
    ? 'You have run out of credits. Add credits to keep extracting.'
    : `Your credit balance fell below ${credits(threshold)}: ${credits(balance)} left.`;

/**
 * The service's balance alerts, raised locally: each threshold fires once per crossing and
 * re-arms after a top-up. The armed state lives in SQLite and is updated in the same
 * transaction that decides, so a restart (or a second observer) never repeats an alert.
 */
export function createBalanceAlerts(db: Db, options: BalanceAlertsOptions) {
  const thresholds = options.thresholds ?? BALANCE_ALERT_THRESHOLDS;
  const readState = db.prepare<[], { threshold: number; armed: 0 | 1 }>('SELECT threshold, armed FROM balance_alerts');
  const writeState = db.prepare(`
    INSERT INTO balance_alerts (threshold, armed, changed_at) VALUES (@threshold, @armed, @now)
    ON CONFLICT (threshold) DO UPDATE SET armed = excluded.armed, changed_at = excluded.changed_at
    WHERE armed <> excluded.armed`);
  const writeBalance = db.prepare(`
    INSERT INTO credit_balance (id, balance, observed_at) VALUES (1, @balance, @now)
    ON CONFLICT (id) DO UPDATE SET balance = excluded.balance, observed_at = excluded.observed_at`);
  const readBalance = db.prepare<[], ObservedBalance>('SELECT balance, observed_at AS observedAt FROM credit_balance WHERE id = 1');

  const decide = db.transaction((balance: number): BalanceAlert | null => {
    const state = new Map(readState.all().map((row) => [row.threshold, row.armed === 1]));
    const { alert, armed } = crossThresholds(thresholds, state, balance);
    const now = options.now();
    for (const [threshold, isArmed] of armed) writeState.run({ threshold, armed: isArmed ? 1 : 0, now });
    writeBalance.run({ balance, now });
    return alert === undefined ? null : { threshold: alert, balance, message: describe(alert, balance) };
  }).immediate;

  return {
    /** Feed every balance the credit query returns; the alert to show, or null. */
    observe(balance: number): Result<BalanceAlert | null> {
      const input = parseInput(balanceSchema, balance, 'balance');
      return input.ok ? guardDb(() => decide(input.value)) : input;
    },
    /** The last balance seen, kept across restarts (shown before the first credit query answers). */
    lastBalance: (): Result<ObservedBalance | null> => guardDb(() => readBalance.get() ?? null),
  };
}

export type BalanceAlerts = ReturnType<typeof createBalanceAlerts>;
