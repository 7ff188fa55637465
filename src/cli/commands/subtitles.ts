import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import type { Invocation } from '../invocation';
import type { CommandContext } from './context';

export async function runSubtitles(ctx: CommandContext, invocation: Extract<Invocation, { command: 'subtitles' }>): Promise<ExitCode> {
  const listed = await ctx.core.call('subtitles.list', { url: invocation.url });
  if (!listed.ok) return ctx.fail(listed.error);
  const { resolutionId, result, charged } = listed.value;
  const offered = result.subtitles.map((track) => track.language_tag);
  const languageTags = invocation.languages ?? offered;
  if (languageTags.length === 0) {
    ctx.output.result('subtitles', EXIT.ok, { tracks: result.subtitles, paths: [], charged }, ['This video has no subtitles.']);
    return EXIT.ok;
  }
  const saved = await ctx.core.call('subtitles.save', {
    resolutionId,
    languageTags,
    format: invocation.format,
    ...(invocation.folder !== undefined && { folder: invocation.folder }),
  });
  if (!saved.ok) return ctx.fail(saved.error);
  ctx.output.result('subtitles', EXIT.ok, { tracks: result.subtitles, paths: saved.value.paths, charged }, [
    `${result.text}: subtitles in ${offered.join(', ')}`,
    ...saved.value.paths.map((path) => `saved ${path}`),
  ]);
  return EXIT.ok;
}
