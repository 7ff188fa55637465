import { EXIT, exitCodeForError } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { creditsLines } from '../format/format-credits';
import type { Invocation } from '../invocation';
import type { CommandContext } from './context';

export async function runCredits(ctx: CommandContext, invocation: Extract<Invocation, { command: 'credits' }>): Promise<ExitCode> {
  // The credit query is free, so the balance shown is the service's current one, or, when it
  // cannot be asked, the last one marked old (and the exit code says the check failed).
  const balance = await ctx.core.call('credits.get', { refresh: true });
  if (!balance.ok) return ctx.fail(balance.error);
  const ledger = await ctx.core.call('credits.ledger', { days: invocation.days });
  if (!ledger.ok) return ctx.fail(ledger.error);
  const prices = await ctx.core.call('credits.prices', {});
  if (!prices.ok) return ctx.fail(prices.error);
  const failed = balance.value.refreshFailed;
  const code = failed ? exitCodeForError(failed, 'command') : EXIT.ok;
  ctx.output.result(
    'credits',
    code,
    { balance: balance.value, ledger: ledger.value, prices: prices.value.prices },
    creditsLines(balance.value, ledger.value, invocation.days, prices.value.prices),
  );
  return code;
}
