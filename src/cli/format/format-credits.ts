import type { Balance, CommandResult } from '../../shared/contract';

export function creditsLines(balance: Balance, ledger: CommandResult<'credits.ledger'>, days: number): string[] {
  const spent = ledger.byDay.reduce((sum, day) => sum + day.cost, 0);
  const calls = ledger.byDay.reduce((sum, day) => sum + day.calls, 0);
  return [
    `Balance: ${balance.availableCredits} credits`,
    `Last ${days} days: ${calls} charged calls, ${spent} credits`,
    ...ledger.byDay.map((day) => `  ${day.day}  ${String(day.calls).padStart(4)} calls  ${String(day.cost).padStart(7)} credits`),
  ];
}
