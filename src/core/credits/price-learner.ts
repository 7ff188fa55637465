import { guardDb } from '../db';
import { attributeDrop } from './charge-attribution';
import type { Attribution, WindowCall } from './charge-attribution';
import type { ChargedCallWatch, WatchMark } from './charged-call-watch';
import { priceKeyOf } from './charged-operation';
import type { Ledger } from './ledger';
import type { PriceTable } from './price-table';

/** A balance query on its way: the ledger rows it answers for and the moment it left. */
export interface BalanceReading {
  readonly entryIds: readonly number[];
  readonly mark: WatchMark;
}

export interface PriceLearner {
  /**
   * Awaited before a charged call: the first one of an engine waits for one balance read
   * (free), so that even it has a window to be priced in. Tried once; a failure only means
   * that call stays unknown.
   */
  opening(read: () => Promise<unknown>): Promise<void>;
  /** Just before a balance query is sent, with the charged rows recorded since the last one. */
  begin(entryIds: readonly number[]): BalanceReading;
  /** Its answer. */
  answered(reading: BalanceReading, balance: number): void;
}

/**
 * Learns prices from the free balance. Each clean answer (no charged call out around it)
 * closes a window that began at the previous clean answer: the drop between them is what
 * the rows recorded in between cost (see attributeDrop), the last of those rows gets the
 * balance after it, and the price table learns. An answer that is not clean extends the
 * window instead. A top-up, or spending elsewhere with the same key, makes a window that
 * does not add up (or contradicts known prices): its rows stay unknown and learning starts
 * again from that answer.
 */
export function createPriceLearner({ ledger, prices, watch }: { ledger: Ledger; prices: PriceTable; watch: ChargedCallWatch }): PriceLearner {
  let base: number | undefined;
  let carried: number[] = [];
  // New figures for known prices, waiting for a second window to agree (see `believable`).
  const candidates = new Map<string, number>();

  /**
   * A drop that contradicts known prices is a changed price or credits spent elsewhere with
   * the same key; only a second window saying the same tells them apart. Until then its rows
   * stay unknown and the table keeps what it knew.
   */
  const believable = (attribution: Attribution): boolean => {
    if (!attribution.refitted) return true;
    const agreed = attribution.prices.every((price) => candidates.get(`${price.key.operation} ${price.key.site}`) === price.credits);
    for (const price of attribution.prices) candidates.set(`${price.key.operation} ${price.key.site}`, price.credits);
    return agreed;
  };

  const closeWindow = (before: number, after: number, entryIds: readonly number[]): void => {
    const rows = ledger.byIds(entryIds);
    if (!rows.ok) return;
    const calls: WindowCall[] = rows.value.flatMap((row) => {
      const key = priceKeyOf(row);
      return key ? [{ id: row.id, key }] : [];
    });
    // A charged row that is no priced operation would make the split a guess.
    if (calls.length !== rows.value.length) return;
    const attribution = attributeDrop(before - after, calls, prices.get);
    if (!attribution || !believable(attribution)) return;
    for (const cost of attribution.costs) ledger.setCost(cost.id, cost);
    for (const price of attribution.prices) prices.learn(price.key, price);
    const last = rows.value.at(-1);
    // Only after the last call is the balance known: the others were debited in some order.
    if (last) ledger.setBalanceAfter(last.id, after);
  };

  let firstRead: Promise<void> | undefined;

  return {
    opening(read) {
      if (base !== undefined) return Promise.resolve();
      firstRead ??= read().then(
        () => undefined,
        () => undefined,
      );
      return firstRead;
    },
    begin: (entryIds) => ({ entryIds, mark: watch.mark() }),
    answered(reading, balance) {
      if (!watch.stillQuiet(reading.mark)) {
        if (base !== undefined) carried.push(...reading.entryIds);
        return;
      }
      const before = base;
      // The database may fail (a full disk): the rows then stay unknown, never wrong.
      if (before !== undefined) guardDb(() => closeWindow(before, balance, [...carried, ...reading.entryIds]));
      base = balance;
      carried = [];
    },
  };
}
