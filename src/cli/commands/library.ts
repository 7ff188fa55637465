import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { libraryDetailLines, libraryListLines } from '../format/format-library';
import { saidLines } from '../format/format-said';
import type { Invocation } from '../invocation';
import type { CommandContext } from './context';
import { runRebuild } from './rebuild';

export async function runLibrary(ctx: CommandContext, invocation: Extract<Invocation, { command: 'library' }>): Promise<ExitCode> {
  switch (invocation.action) {
    case 'list':
    case 'search': {
      if (invocation.action === 'search' && invocation.said) return searchSaid(ctx, invocation);
      const found = await ctx.core.call('library.search', {
        ...(invocation.action === 'search' && { query: invocation.words }),
        limit: invocation.limit,
        offset: invocation.offset,
      });
      if (!found.ok) return ctx.fail(found.error);
      const { items, total } = found.value;
      ctx.output.result('library', EXIT.ok, { items, total }, libraryListLines(items, total, invocation.offset, invocation.action === 'search' ? invocation.words : undefined));
      return EXIT.ok;
    }
    case 'show': {
      const detail = await ctx.core.call('library.get', { id: invocation.id });
      if (!detail.ok) return ctx.fail(detail.error);
      ctx.output.result('library', EXIT.ok, { item: detail.value }, libraryDetailLines(detail.value));
      return EXIT.ok;
    }
    case 'remove': {
      const removed = await ctx.core.call('library.remove', { id: invocation.id, deleteFiles: invocation.deleteFiles });
      if (!removed.ok) return ctx.fail(removed.error);
      const { removedFiles } = removed.value;
      ctx.output.result('library', EXIT.ok, { removedFiles }, [
        `Removed #${invocation.id} from the library${invocation.deleteFiles ? ` and deleted ${removedFiles.length} ${removedFiles.length === 1 ? 'file' : 'files'}` : ' (its files stay on disk)'}.`,
        ...removedFiles.map((path) => `  deleted ${path}`),
      ]);
      return EXIT.ok;
    }
    case 'rebuild':
      return runRebuild(ctx, invocation.folders);
  }
}

/** `library search --said`: the moments, best first; with --json each with its post, link, language, times and text. */
async function searchSaid(ctx: CommandContext, invocation: Extract<Invocation, { command: 'library'; action: 'search' }>): Promise<ExitCode> {
  const found = await ctx.core.call('library.said', { query: invocation.words, limit: invocation.limit, offset: invocation.offset });
  if (!found.ok) return ctx.fail(found.error);
  ctx.output.result('library', EXIT.ok, found.value, saidLines(found.value, invocation.words, invocation.offset));
  return EXIT.ok;
}
