import type { Balance, CommandResult } from '../../shared/contract';
import { ledgerDescription } from '../../shared/credits';
import type { LearnedPrice } from '../../shared/credits';

/** "10:42" in the machine's own time zone: when the service last gave this number. */
const clockTime = (at: number): string => new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** Why the check failed, for the codes a credit query can end with; any other code is named as it is. */
const STALE_REASON: Record<string, string> = {
  network_error: "couldn't reach the service",
  timeout: "the service didn't answer in time",
  unauthorized: 'the key was refused',
  too_many_requests: 'the service is busy',
};

/** The balance with when it was checked; after a failed check, plainly an old number and why. */
export function balanceLine(balance: Balance): string {
  const figure = `Balance: ${balance.availableCredits} credits`;
  if (!balance.refreshFailed) return `${figure} (checked ${clockTime(balance.checkedAt)})`;
  return `${figure} as of ${clockTime(balance.checkedAt)} · ${STALE_REASON[balance.refreshFailed.code] ?? `the check failed (${balance.refreshFailed.code})`}`;
}

const LATEST_CALLS = 20;
const round = (credits: number | undefined): number => Math.round((credits ?? 0) * 10) / 10;

type DaySpend = CommandResult<'credits.ledger'>['byDay'][number];

/** "57 credits", "≈ 57 credits" when part of it is approximate, and how many calls cost what Trove does not know yet. */
function spendText(spend: Pick<DaySpend, 'calls' | 'cost' | 'approximateCalls' | 'unpricedCalls'>): string {
  const calls = `${spend.calls} charged ${spend.calls === 1 ? 'call' : 'calls'}`;
  if (spend.unpricedCalls === spend.calls) return `${calls}, cost unknown`;
  const credits = `${spend.approximateCalls > 0 ? '≈ ' : ''}${round(spend.cost)} ${spend.cost === 1 ? 'credit' : 'credits'}`;
  const unknown = spend.unpricedCalls > 0 ? ` (+ ${spend.unpricedCalls} of unknown cost)` : '';
  return `${calls}, ${credits}${unknown}`;
}

/** The balance, credits spent per day, then each charged call as people think of it. */
export function creditsLines(balance: Balance, ledger: CommandResult<'credits.ledger'>, days: number, prices: readonly LearnedPrice[]): string[] {
  const total = ledger.byDay.reduce(
    (sum, day) => ({
      calls: sum.calls + day.calls,
      cost: sum.cost + day.cost,
      approximateCalls: sum.approximateCalls + day.approximateCalls,
      unpricedCalls: sum.unpricedCalls + day.unpricedCalls,
    }),
    { calls: 0, cost: 0, approximateCalls: 0, unpricedCalls: 0 },
  );
  const shown = ledger.entries.slice(-LATEST_CALLS).reverse();
  const earlier = ledger.entries.length - shown.length;
  return [
    balanceLine(balance),
    `Last ${days} days: ${spendText(total)}`,
    ...ledger.byDay.map((day) => `  ${day.day}  ${spendText(day)}`),
    ...(shown.length > 0 ? [`Latest calls (cost in credits, UTC):`] : []),
    ...shown.map((entry) => `  ${new Date(entry.at).toISOString().slice(0, 16).replace('T', ' ')}  ${costText(entry)}  ${ledgerDescription({ ...entry, title: entry.title ?? entry.url.replace(/^https?:\/\//, '') })}`),
    ...(earlier > 0 ? [`  … and ${earlier} earlier (all of them: --json, or the CSV export in the app)`] : []),
    ...priceTable(prices),
  ];
}

type LedgerRow = CommandResult<'credits.ledger'>['entries'][number];

/** "3", "≈ 2.5 (1–4)" or "?" (unknown), padded to line up. */
function costText(row: LedgerRow): string {
  const text =
    row.costKind === 'exact'
      ? String(row.cost)
      : row.costKind === 'approximate'
        ? `≈ ${round(row.cost)} (${round(row.costLow)}–${round(row.costHigh)})`
        : '?';
  return text.padStart(6);
}

const OPERATION_WORDS: Readonly<Record<LearnedPrice['operation'], string>> = { post: 'post', playlist: 'profile page', subtitles: 'subtitle list' };

/** What Trove has learned each operation costs per site; anything not listed is unknown. */
function priceTable(prices: readonly LearnedPrice[]): string[] {
  if (prices.length === 0) return ['Prices: none learned yet (Trove learns them from the balance after charged calls)'];
  return [
    'Prices learned (per call; anything not listed is unknown):',
    ...prices.map((price) => {
      const figure = price.exact ? `${round(price.credits)}` : `≈ ${round(price.credits)} (${round(price.low)}–${round(price.high)})`;
      return `  ${price.site}  ${OPERATION_WORDS[price.operation]}: ${figure} ${price.credits === 1 && price.exact ? 'credit' : 'credits'}${price.exact ? ` (seen ${price.samples}×)` : ''}`;
    }),
  ];
}
