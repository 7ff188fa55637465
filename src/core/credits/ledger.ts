import { z } from 'zod';
import type { Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import type { Db } from '../db';
import { parseInput } from '../../shared/parse-input';
import { guardDb } from '../db';
import type { PriceRange } from './charge-attribution';

const epochMs = z.number().int().nonnegative();

export const ledgerEntryInputSchema = z.object({
  /** e.g. "v1 POST /extract/post". */
  endpoint: z.string().min(1),
  /** The link that was extracted (a post, profile or playlist), never a media URL. */
  link: z.string().min(1),
  at: epochMs.optional(),
  cost: z.number().finite().nonnegative().optional(),
  balanceAfter: z.number().finite().optional(),
  /** The queue's job id (jobs.id), when the call was made for a job. */
  jobId: z.number().int().positive().optional(),
});
export type LedgerEntryInput = z.input<typeof ledgerEntryInputSchema>;

export const ledgerRangeSchema = z
  .object({
    from: epochMs.optional(),
    to: epochMs.optional(),
    jobId: z.number().int().positive().optional(),
    /** Minutes east of UTC that a "day" is counted in (Date#getTimezoneOffset negated). */
    utcOffsetMinutes: z.number().int().min(-14 * 60).max(14 * 60).default(0),
  })
  .strict();
export type LedgerRange = z.input<typeof ledgerRangeSchema>;

export interface LedgerEntry {
  readonly id: number;
  readonly at: number;
  readonly endpoint: string;
  readonly link: string;
  /** The estimate when approximate; null while unknown. */
  readonly cost: number | null;
  /** Bounds of the cost: equal when it is exact. */
  readonly costLow: number | null;
  readonly costHigh: number | null;
  readonly balanceAfter: number | null;
  readonly jobId: number | null;
}

export interface Spend {
  readonly calls: number;
  /** Sum of the known costs (approximate ones by their estimate). */
  readonly cost: number;
  /** Calls whose cost is not known (the service does not say what a call costs). */
  readonly unpricedCalls: number;
  /** Calls whose cost is only known within bounds. */
  readonly approximateCalls: number;
}
export type DaySpend = Spend & { readonly day: string };
export type JobSpend = Spend & { readonly jobId: number };

const COLUMNS = 'id, at, endpoint, link, cost, cost_low AS costLow, cost_high AS costHigh, balance_after AS balanceAfter, job_id AS jobId';
const SPEND = 'count(*) AS calls, coalesce(sum(cost), 0) AS cost, sum(cost IS NULL) AS unpricedCalls, coalesce(sum(cost_low < cost_high), 0) AS approximateCalls';
const RANGE = `(@from IS NULL OR at >= @from) AND (@to IS NULL OR at < @to) AND (@jobId IS NULL OR job_id = @jobId)`;

/** The local record of every charged call, for spend per day and per job, and export. */
export function createLedger(db: Db, { now }: { readonly now: () => number }) {
  const insert = db.prepare<Record<string, unknown>, LedgerEntry>(`
    INSERT INTO ledger (at, endpoint, link, cost, cost_low, cost_high, balance_after, job_id)
    VALUES (@at, @endpoint, @link, @cost, @cost, @cost, @balanceAfter, @jobId) RETURNING ${COLUMNS}`);
  const balanceAfter = db.prepare<[number, number]>('UPDATE ledger SET balance_after = ? WHERE id = ?');
  const setCost = db.prepare<Record<string, unknown>>('UPDATE ledger SET cost = @credits, cost_low = @low, cost_high = @high WHERE id = @id');
  const byId = db.prepare<[number], LedgerEntry>(`SELECT ${COLUMNS} FROM ledger WHERE id = ?`);
  const entries = db.prepare<Record<string, unknown>, LedgerEntry>(`SELECT ${COLUMNS} FROM ledger WHERE ${RANGE} ORDER BY at, id`);
  const perDay = db.prepare<Record<string, unknown>, DaySpend>(`
    SELECT date((at + @offsetMs) / 1000, 'unixepoch') AS day, ${SPEND}
    FROM ledger WHERE ${RANGE} GROUP BY day ORDER BY day`);
  const perJob = db.prepare<Record<string, unknown>, JobSpend>(`
    SELECT job_id AS jobId, ${SPEND} FROM ledger WHERE job_id IS NOT NULL AND ${RANGE}
    GROUP BY job_id ORDER BY min(at)`);

  const withRange = <T>(range: LedgerRange, run: (params: Record<string, unknown>) => T): Result<T> => {
    const input = parseInput(ledgerRangeSchema, range, 'ledger range');
    if (!input.ok) return input;
    const { from, to, jobId, utcOffsetMinutes } = input.value;
    return guardDb(() => run({ from: from ?? null, to: to ?? null, jobId: jobId ?? null, offsetMs: utcOffsetMinutes * 60_000 }));
  };

  return {
    /** Record a charged call (a 200 from an extraction endpoint). */
    record(entry: LedgerEntryInput): Result<LedgerEntry> {
      const input = parseInput(ledgerEntryInputSchema, entry, 'ledger entry');
      if (!input.ok) return input;
      const { at, endpoint, link, cost, balanceAfter: after, jobId } = input.value;
      return guardDb(() => {
        const row = insert.get({ at: at ?? now(), endpoint, link, cost: cost ?? null, balanceAfter: after ?? null, jobId: jobId ?? null });
        if (!row) throw new Error('INSERT … RETURNING gave no row');
        return row;
      });
    },
    /** The balance refresh after a call is debounced: attach its answer when it comes. */
    setBalanceAfter(entryId: number, balance: number): Result<void> {
      const done = guardDb(() => balanceAfter.run(balance, entryId).changes);
      if (!done.ok) return done;
      return done.value > 0 ? ok(undefined) : err({ code: 'not_found', retryable: false, message: `There is no ledger entry ${entryId}.` });
    },
    /** What a row cost, once a balance drop tells (see charge-attribution). */
    setCost(entryId: number, cost: PriceRange): Result<void> {
      return guardDb(() => {
        setCost.run({ id: entryId, credits: cost.credits, low: cost.low, high: cost.high });
      });
    },
    /** The rows with these ids that exist, in id order. */
    byIds: (ids: readonly number[]): Result<LedgerEntry[]> =>
      guardDb(() => [...ids].sort((a, b) => a - b).flatMap((id) => byId.get(id) ?? [])),
    list: (range: LedgerRange = {}): Result<LedgerEntry[]> => withRange(range, (params) => entries.all(params)),
    spendPerDay: (range: LedgerRange = {}): Result<DaySpend[]> => withRange(range, (params) => perDay.all(params)),
    spendPerJob: (range: LedgerRange = {}): Result<JobSpend[]> => withRange(range, (params) => perJob.all(params)),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
