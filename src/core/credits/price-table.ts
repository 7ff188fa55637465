import type { LearnedPrice } from '../../shared/credits';
import type { Result } from '../../shared/errors';
import type { Db } from '../db';
import { guardDb } from '../db';
import type { PriceRange } from './charge-attribution';
import type { ChargedOperation, PriceKey } from './charged-operation';


interface Row {
  operation: ChargedOperation;
  site: string;
  credits: number;
  low: number;
  high: number;
  samples: number;
  learnedAt: number;
}

const COLUMNS = 'operation, site, credits, low, high, samples, learned_at AS learnedAt';
const toPrice = (row: Row): LearnedPrice => ({ ...row, exact: row.low === row.high });

/** Bounds from a new drop narrow the old ones; bounds that no longer overlap mean the price changed. */
function merge(before: LearnedPrice | undefined, seen: PriceRange): PriceRange & { samples: number } {
  if (!before) return { ...seen, samples: 1 };
  const exactNow = seen.low === seen.high;
  if (exactNow) return { ...seen, samples: before.exact && before.credits === seen.credits ? before.samples + 1 : 1 };
  // An exact price stands until an exact figure says otherwise: a range that holds it agrees.
  if (before.exact && seen.low <= before.credits && before.credits <= seen.high) return { ...before, samples: before.samples + 1 };
  const low = Math.max(before.low, seen.low);
  const high = Math.min(before.high, seen.high);
  if (low > high) return { ...seen, samples: 1 };
  return { credits: Math.min(high, Math.max(low, seen.credits)), low, high, samples: before.samples + 1 };
}

/** What each operation costs on each site, as learned from the free balance (library database). */
export function createPriceTable(db: Db, { now }: { readonly now: () => number }) {
  const one = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM learned_prices WHERE operation = ? AND site = ?`);
  const all = db.prepare<[], Row>(`SELECT ${COLUMNS} FROM learned_prices ORDER BY site, operation`);
  const upsert = db.prepare<Row>(`
    INSERT INTO learned_prices (operation, site, credits, low, high, samples, learned_at)
    VALUES (@operation, @site, @credits, @low, @high, @samples, @learnedAt)
    ON CONFLICT (operation, site) DO UPDATE SET
      credits = excluded.credits, low = excluded.low, high = excluded.high, samples = excluded.samples, learned_at = excluded.learned_at`);

  const get = (key: PriceKey): LearnedPrice | undefined => {
    const row = one.get(key.operation, key.site);
    return row ? toPrice(row) : undefined;
  };

  return {
    /** The price of one call, or undefined while it is unknown. */
    get,
    list: (): Result<LearnedPrice[]> => guardDb(() => all.all().map(toPrice)),
    /** Folds what one balance drop says about a price into what was known. */
    learn(key: PriceKey, seen: PriceRange): Result<LearnedPrice> {
      return guardDb(() => {
        const merged = merge(get(key), seen);
        const row: Row = { ...key, credits: merged.credits, low: merged.low, high: merged.high, samples: merged.samples, learnedAt: now() };
        upsert.run(row);
        return toPrice(row);
      });
    },
  };
}

export type PriceTable = ReturnType<typeof createPriceTable>;
