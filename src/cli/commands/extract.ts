import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { grabLines } from '../format/format-grab';
import type { Invocation } from '../invocation';
import type { CommandContext } from './context';

export async function runExtract(ctx: CommandContext, invocation: Extract<Invocation, { command: 'extract' }>): Promise<ExitCode> {
  const resolved = await ctx.core.call('grab.resolve', {
    url: invocation.url,
    ...(invocation.cursor !== undefined && { cursor: invocation.cursor }),
    ...(invocation.force && { force: true }),
  });
  if (!resolved.ok) return ctx.fail(resolved.error);
  ctx.output.result('extract', EXIT.ok, { result: resolved.value }, grabLines(resolved.value, invocation.url));
  return EXIT.ok;
}
