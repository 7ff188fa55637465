export interface DaySpend {
  /** YYYY-MM-DD */
  day: string;
  calls: number;
  /** Credits: exact and approximate costs summed. */
  cost: number;
  approximateCalls: number;
  unpricedCalls: number;
}

const DAY_MS = 86_400_000;

/** The ledger's days as one entry per calendar day (UTC, as the ledger groups them), oldest first, empty days included. */
export function fillDays(byDay: readonly DaySpend[], days: number, now: number): DaySpend[] {
  const known = new Map(byDay.map((entry) => [entry.day, entry]));
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_unused, index) => {
    const day = new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    return known.get(day) ?? { day, calls: 0, cost: 0, approximateCalls: 0, unpricedCalls: 0 };
  });
}

/** A "nice" top for a chart's axis, at least the largest value: 1, 2 or 4 times a power of ten, so its half is round too. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 4, 10].map((step) => step * power).find((candidate) => candidate >= value) ?? 10 * power);
}
