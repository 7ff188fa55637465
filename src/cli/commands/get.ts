import type { CommandInput } from '../../shared/contract';
import { parseLink } from '../../shared/links';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { jobSummary } from '../format/format-run';
import type { Invocation } from '../invocation';
import { UNFINISHED_STATES, jobsOfRun } from '../jobs-of-run';
import type { CommandContext } from './context';
import { followJobs } from './follow-jobs';
import type { SkippedLink } from './follow-jobs';

type GetInvocation = Extract<Invocation, { command: 'get' }>;

/** The `jobs.add` input for one link of a `trove get`: a link the engine classifies, or a whole profile or playlist. */
export function jobRequest(invocation: GetInvocation, url: string): CommandInput<'jobs.add'> {
  return {
    source: invocation.playlist
      ? {
          kind: 'playlist',
          url,
          ...(invocation.limit !== undefined && { limit: invocation.limit }),
          ...(invocation.sync && { sync: true }),
          ...(invocation.maxCredits !== undefined && { maxCredits: invocation.maxCredits }),
        }
      : { kind: 'link', url, ...(invocation.force && { force: true }) },
    options: invocation.options,
  };
}

/** Jobs record links as the engine normalized them; compare in the same form. */
const normalized = (url: string): string => {
  const parsed = parseLink(url);
  return parsed.ok ? parsed.value : url;
};

export async function runGet(ctx: CommandContext, invocation: GetInvocation): Promise<ExitCode> {
  if (invocation.wait) return followJobs(ctx, 'get', (note) => queueLinks(ctx, invocation, note));
  // --no-wait: the jobs wait in the queue for the Trove that runs it, or for the next `get` or `queue resume`.
  const queued = await queueLinks(ctx, invocation, (text) => ctx.output.note(text));
  if (!queued.ok) return queued.exitCode;
  const listed = await ctx.core.call('jobs.list', {});
  if (!listed.ok) return ctx.fail(listed.error);
  const jobs = jobsOfRun(listed.value, queued.jobIds);
  const count = jobs.length;
  ctx.output.result('get', EXIT.ok, { jobs: jobs.map(jobSummary), ...(queued.skipped.length > 0 && { skipped: queued.skipped }) }, [
    ...queued.skipped.map((link) => `Skipped ${link.url}: ${link.message}`),
    `Queued ${count} ${count === 1 ? 'job' : 'jobs'}. They run in the Trove that runs this data folder's downloads, or with \`trove queue resume\`.`,
  ]);
  return EXIT.ok;
}

/** Adds a job for each link (continuing one an earlier run left unfinished); nothing is added when any link is invalid. */
async function queueLinks(
  ctx: CommandContext,
  invocation: GetInvocation,
  note: (text: string) => void,
): Promise<{ ok: true; jobIds: number[]; skipped: SkippedLink[] } | { ok: false; exitCode: ExitCode }> {
  // Every link is checked before any is queued: a typo must not leave the others waiting in the queue.
  for (const url of invocation.urls) {
    const link = parseLink(url);
    if (!link.ok) {
      const message = url.trim() === '' ? link.error.message : `${JSON.stringify(url)}: ${link.error.message}`;
      return { ok: false, exitCode: ctx.fail({ ...link.error, message }) };
    }
  }
  // A link left unfinished by an earlier run (e.g. Ctrl-C) is continued, not added again:
  // its extraction is already paid for and its partial files are kept.
  const pending = await ctx.core.call('jobs.list', { states: UNFINISHED_STATES });
  if (!pending.ok) return { ok: false, exitCode: ctx.fail(pending.error) };
  const jobIds: number[] = [];
  const toResume: number[] = [];
  const skipped: SkippedLink[] = [];
  for (const url of invocation.urls) {
    const earlier = pending.value.find((job) => job.parentId === undefined && job.url === normalized(url));
    if (earlier) {
      jobIds.push(earlier.id);
      if (earlier.state === 'paused') toResume.push(earlier.id);
      continue;
    }
    const added = await ctx.core.call('jobs.add', jobRequest(invocation, url));
    if (added.ok) {
      jobIds.push(...added.value.jobIds);
    } else if (added.error.code === 'duplicate') {
      // Already downloaded: nothing to do (and nothing to pay) unless --force.
      skipped.push({ url, message: `${added.error.message} Add --force to download it again.` });
    } else {
      return { ok: false, exitCode: ctx.fail(added.error) };
    }
  }
  if (toResume.length > 0) {
    note(`Continuing ${toResume.length} unfinished ${toResume.length === 1 ? 'job' : 'jobs'} from an earlier run.`);
    const resumed = await ctx.core.call('jobs.resume', { ids: toResume });
    if (!resumed.ok) return { ok: false, exitCode: ctx.fail(resumed.error) };
  }
  return { ok: true, jobIds, skipped };
}
