import type { Result } from '../../shared/errors';
import type { LedgerRange } from '../credits';
import { ledgerCsv, toLedgerRow } from '../credits';
import type { LedgerRow } from '../credits';
import { createLedgerTitles } from '../credits';
import { guardDb } from '../db';
import type { HandlerDeps, HandlerGroup } from './handler-types';

const DAY_MS = 86_400_000;

export function creditCommands({ services }: HandlerDeps): HandlerGroup<'credits.get' | 'credits.ledger' | 'credits.exportCsv' | 'credits.prices'> {
  const titleOf = createLedgerTitles(services.db);
  const rows = (range: LedgerRange): Result<LedgerRow[]> => {
    const entries = services.ledger.list(range);
    if (!entries.ok) return entries;
    return guardDb(() => entries.value.map((entry) => toLedgerRow(entry, titleOf(entry))));
  };
  return {
    async 'credits.get'({ refresh }) {
      const last = services.credits.last();
      if (last && !refresh) return { ok: true, value: last };
      const fresh = await services.credits.refresh();
      // A failed check still answers with the old number, marked old (`refreshFailed`).
      const known = services.credits.last();
      return !fresh.ok && known?.refreshFailed ? { ok: true, value: known } : fresh;
    },
    async 'credits.ledger'({ days }) {
      const from = services.now() - days * DAY_MS;
      const entries = rows({ from });
      if (!entries.ok) return entries;
      const byDay = services.ledger.spendPerDay({ from });
      if (!byDay.ok) return byDay;
      return {
        ok: true,
        value: {
          entries: entries.value,
          byDay: byDay.value.map(({ day, calls, cost, approximateCalls, unpricedCalls }) => ({ day, calls, cost, approximateCalls, unpricedCalls })),
        },
      };
    },
    async 'credits.exportCsv'() {
      const all = rows({});
      return all.ok ? { ok: true, value: { csv: ledgerCsv(all.value) } } : all;
    },
    async 'credits.prices'() {
      const prices = services.prices.list();
      return prices.ok ? { ok: true, value: { prices: prices.value } } : prices;
    },
  };
}
