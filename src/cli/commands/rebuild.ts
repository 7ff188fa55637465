import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { rebuildLines } from '../format/format-rebuild';
import type { CommandContext } from './context';

/**
 * `trove library rebuild [folders…]`: the library rebuilt from the files, with the count
 * of files read as it goes (on a terminal one line redrawn, with --json the events).
 */
export async function runRebuild(ctx: CommandContext, folders: readonly string[]): Promise<ExitCode> {
  const live = ctx.output.mode === 'tty' && !ctx.output.quiet;
  const stop = ctx.core.on('library.rebuildProgress', (progress) => {
    ctx.output.event('library.rebuildProgress', progress);
    if (live) ctx.stderr.write(`\r\u001b[KReading files: ${progress.done} of ${progress.total}`);
  });
  ctx.onInterrupt(stop);
  const rebuilt = await ctx.core.call('library.rebuild', folders.length > 0 ? { folders: [...folders] } : {});
  stop();
  if (live) ctx.stderr.write('\r\u001b[K');
  if (!rebuilt.ok) return ctx.fail(rebuilt.error);
  ctx.output.result('library', EXIT.ok, { rebuild: rebuilt.value }, rebuildLines(rebuilt.value));
  return EXIT.ok;
}
