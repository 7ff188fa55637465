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
  const rebuilding = ctx.core.call('library.rebuild', folders.length > 0 ? { folders: [...folders] } : {});
  // Ctrl-C stops the rebuild between batches: what it read is recorded before the engine
  // closes, and said (the run still ends "interrupted", 130; a next run reads the rest).
  let interrupted = false;
  ctx.onInterrupt(async () => {
    interrupted = true;
    stop();
    await ctx.core.call('library.rebuildCancel', {});
    const stopped = await rebuilding;
    if (live) ctx.stderr.write('\r\u001b[K');
    if (stopped.ok) ctx.output.note(rebuildLines(stopped.value).join('\n'));
  });
  const rebuilt = await rebuilding;
  // Stopped by Ctrl-C: the interruption says so (and its clean-up printed what was read).
  if (interrupted) return EXIT.interrupted;
  stop();
  if (live) ctx.stderr.write('\r\u001b[K');
  if (!rebuilt.ok) return ctx.fail(rebuilt.error);
  ctx.output.result('library', EXIT.ok, { rebuild: rebuilt.value }, rebuildLines(rebuilt.value));
  return EXIT.ok;
}
