import type { HandlerDeps, HandlerGroup } from './handler-types';

const DAY_MS = 86_400_000;

export function creditCommands({ services }: HandlerDeps): HandlerGroup<'credits.get' | 'credits.ledger' | 'credits.exportCsv' | 'credits.prices'> {
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
      const entries = services.ledger.list({ from });
      if (!entries.ok) return entries;
      const byDay = services.ledger.spendPerDay({ from });
      if (!byDay.ok) return byDay;
      return {
        ok: true,
        value: {
          entries: entries.value.map((entry) => ({
            id: entry.id,
            endpoint: entry.endpoint,
            url: entry.link,
            at: entry.at,
            ...(entry.cost !== null ? { cost: entry.cost } : {}),
            ...(entry.balanceAfter !== null ? { balanceAfter: entry.balanceAfter } : {}),
            ...(entry.jobId !== null ? { jobId: entry.jobId } : {}),
          })),
          byDay: byDay.value.map((day) => ({ day: day.day, calls: day.calls, cost: day.cost })),
        },
      };
    },
    async 'credits.exportCsv'() {
      const csv = services.ledger.exportCsv();
      return csv.ok ? { ok: true, value: { csv: csv.value } } : csv;
    },
    async 'credits.prices'() {
      const prices = services.prices.list();
      return prices.ok ? { ok: true, value: { prices: prices.value } } : prices;
    },
  };
}
