import type { JobState } from '../../shared/jobs';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { jobLine } from '../format/format-job';
import { jobSummary } from '../format/format-run';
import type { Invocation } from '../invocation';
import { UNFINISHED_STATES } from '../jobs-of-run';
import type { CommandContext } from './context';
import { followJobs } from './follow-jobs';

type QueueInvocation = Extract<Invocation, { command: 'queue' }>;

const COMMANDS = { pause: 'jobs.pause', resume: 'jobs.resume', cancel: 'jobs.cancel', retry: 'jobs.retry' } as const;
const PAST = { pause: 'Paused', resume: 'Resumed', cancel: 'Canceled', retry: 'Retrying' } as const;
/** The jobs `resume` and `retry` act on (as the engine defines them), so the run reports exactly those. */
const WAITING_STATES: Record<'resume' | 'retry', JobState[]> = { resume: UNFINISHED_STATES, retry: ['failed', 'canceled'] };

export async function runQueue(ctx: CommandContext, invocation: QueueInvocation): Promise<ExitCode> {
  const { action } = invocation;
  if (action === 'list') {
    const listed = await ctx.core.call('jobs.list', {});
    if (!listed.ok) return ctx.fail(listed.error);
    const jobs = listed.value;
    ctx.output.result('queue', EXIT.ok, { jobs: jobs.map(jobSummary) }, jobs.length === 0 ? ['The queue is empty.'] : jobs.map(jobLine));
    return EXIT.ok;
  }
  if (action === 'clear') {
    const cleared = await ctx.core.call('jobs.clear', { states: invocation.states });
    if (!cleared.ok) return ctx.fail(cleared.error);
    const { removed } = cleared.value;
    ctx.output.result('queue', EXIT.ok, { action, removed }, [`Removed ${removed} ${removed === 1 ? 'job' : 'jobs'} (${invocation.states.join(', ')}) from the queue.`]);
    return EXIT.ok;
  }
  // The engine only counts what changed: an id typed wrong would read as "0 jobs", not as a mistake.
  if (invocation.ids !== undefined) {
    const listed = await ctx.core.call('jobs.list', {});
    if (!listed.ok) return ctx.fail(listed.error);
    const known = new Set(listed.value.map((job) => job.id));
    const missing = invocation.ids.filter((id) => !known.has(id));
    if (missing.length > 0) {
      const named = missing.map((id) => `#${id}`).join(', ');
      return ctx.fail({ code: 'job_not_found', message: `There is no job ${named} in the queue.` });
    }
  }
  const ids = invocation.ids !== undefined ? { ids: invocation.ids } : {};
  if ((action === 'resume' || action === 'retry') && invocation.wait) {
    return followJobs(ctx, 'queue', async (note) => {
      const affected = await ctx.core.call('jobs.list', { states: WAITING_STATES[action] });
      if (!affected.ok) return { ok: false, exitCode: ctx.fail(affected.error) };
      const changed = await ctx.core.call(COMMANDS[action], ids);
      if (!changed.ok) return { ok: false, exitCode: ctx.fail(changed.error) };
      note(`${PAST[action]} ${changed.value.changed} ${changed.value.changed === 1 ? 'job' : 'jobs'}.`);
      const jobIds = affected.value.map((job) => job.id).filter((id) => invocation.ids?.includes(id) ?? true);
      return { ok: true, jobIds };
    });
  }
  const changed = await ctx.core.call(COMMANDS[action], ids);
  if (!changed.ok) return ctx.fail(changed.error);
  const count = changed.value.changed;
  ctx.output.result('queue', EXIT.ok, { action, changed: count }, [`${PAST[action]} ${count} ${count === 1 ? 'job' : 'jobs'}.`]);
  return EXIT.ok;
}
