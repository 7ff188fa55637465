import type { Balance, CommandResult } from '../../shared/contract';

export function creditsLines(balance: Balance, ledger: CommandResult<'credits.ledger'>, days: number): string[] {
  const spent = ledger.byDay.reduce((sum, day) => sum + day.cost, 0);
  const calls = ledger.byDay.reduce((sum, day) => sum + day.calls, 0);
  // The service does not say what a call costs, so the cost shows only when it is known.
  const cost = (credits: number): string => (credits > 0 ? `, ${credits} credits` : '');
  return [
    `Balance: ${balance.availableCredits} credits`,
    `Last ${days} days: ${calls} charged ${calls === 1 ? 'call' : 'calls'}${cost(spent)}`,
    ...ledger.byDay.map((day) => `  ${day.day}  ${day.calls} ${day.calls === 1 ? 'call' : 'calls'}${cost(day.cost)}`),
  ];
}
