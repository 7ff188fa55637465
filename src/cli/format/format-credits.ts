import type { Balance, CommandResult } from '../../shared/contract';

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

export function creditsLines(balance: Balance, ledger: CommandResult<'credits.ledger'>, days: number): string[] {
  const spent = ledger.byDay.reduce((sum, day) => sum + day.cost, 0);
  const calls = ledger.byDay.reduce((sum, day) => sum + day.calls, 0);
  // The service does not say what a call costs, so the cost shows only when it is known.
  const cost = (credits: number): string => (credits > 0 ? `, ${credits} credits` : '');
  return [
    balanceLine(balance),
    `Last ${days} days: ${calls} charged ${calls === 1 ? 'call' : 'calls'}${cost(spent)}`,
    ...ledger.byDay.map((day) => `  ${day.day}  ${day.calls} ${day.calls === 1 ? 'call' : 'calls'}${cost(day.cost)}`),
  ];
}
