import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { grabLines } from '../format/format-grab';
import { priceLines } from '../format/format-prices';
import { revisitLines } from '../format/format-revisit';
import type { Invocation } from '../invocation';
import type { CommandContext } from './context';

export async function runExtract(ctx: CommandContext, invocation: Extract<Invocation, { command: 'extract' }>): Promise<ExitCode> {
  const resolved = await ctx.core.call('grab.resolve', {
    url: invocation.url,
    ...(invocation.cursor !== undefined && { cursor: invocation.cursor }),
    ...(invocation.force && { force: true }),
    ...(invocation.recheck && { recheck: true }),
  });
  if (!resolved.ok) return ctx.fail(resolved.error);
  // Learned prices are local and free to read; without them the lines say the price is unknown.
  const prices = await ctx.core.call('credits.prices', {});
  const priced = priceLines(resolved.value, invocation.url, prices.ok ? prices.value.prices : []);
  const visit = revisitLines(resolved.value, invocation.url, invocation.cursor);
  ctx.output.result('extract', EXIT.ok, { result: resolved.value }, [...grabLines(resolved.value, invocation.url), ...visit, ...priced]);
  return EXIT.ok;
}
