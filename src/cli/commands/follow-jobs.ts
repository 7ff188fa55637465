import type { EventPayload } from '../../shared/contract';
import type { JobView } from '../../shared/jobs';
import { exitCodeForJobs } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { filesOfRun, jobSummary, runSummaryLines } from '../format/format-run';
import { queuedElsewhereNotice } from '../format/queue-holder-text';
import { jobsOfRun } from '../jobs-of-run';
import { silentDisplay } from '../progress/job-display';
import type { JobDisplay } from '../progress/job-display';
import { createLineDisplay } from '../progress/line-display';
import { ProgressBoard, isSettled } from '../progress/progress-board';
import { createTtyDisplay } from '../progress/tty-display';
import type { CommandContext } from './context';

function displayFor(ctx: CommandContext, board: ProgressBoard): JobDisplay {
  if (ctx.output.quiet) return silentDisplay;
  switch (ctx.output.mode) {
    case 'json':
      return silentDisplay;
    case 'plain':
      return createLineDisplay(ctx.stdout, ctx.stderr);
    case 'tty':
      return createTtyDisplay(ctx.stderr, board);
  }
}

/** A link not queued because its post is already in the library. */
export interface SkippedLink {
  url: string;
  message: string;
}

/** How often jobs run by another process are looked at (their changes arrive as events meanwhile). */
const FOLLOW_POLL_MS = 250;
const TOOK_OVER = 'The Trove that ran the downloads of this data folder has ended: this one goes on with them.';

const pausedNotice = (paused: EventPayload<'queue.paused'>): string => `Queue paused (${paused.reason}): ${paused.message}`;

/**
 * Runs `start` (which adds or resumes jobs), shows every event until the queue is idle,
 * then prints the outcome of the jobs it started and of those they spawned. The engine
 * does the work; this only watches and reports.
 */
export async function followJobs(
  ctx: CommandContext,
  command: string,
  /** `note` prints between the progress lines (a plain note would tear a live bar). */
  start: (note: (text: string) => void) => Promise<{ ok: true; jobIds: number[]; skipped?: SkippedLink[] } | { ok: false; exitCode: ExitCode }>,
): Promise<ExitCode> {
  const board = new ProgressBoard();
  const display = displayFor(ctx, board);
  ctx.onInterrupt(() => display.stop());
  const unsubscribe = ctx.core.onAny((name, payload) => {
    ctx.output.event(name, payload);
    if (name === 'job.updated') {
      const job = payload as JobView;
      display.update(job, board.update(job));
    } else if (name === 'queue.paused') {
      display.notice(pausedNotice(payload as EventPayload<'queue.paused'>));
    } else if (name === 'credits.alert') {
      const alert = payload as EventPayload<'credits.alert'>;
      display.notice(`Credits are low: ${alert.balance} left.`);
    }
  });
  try {
    const started = await start((text) => display.notice(text));
    if (!started.ok) return started.exitCode;
    await untilRunEnds(ctx, started.jobIds, (text) => display.notice(text));
    const listed = await ctx.core.call('jobs.list', {});
    if (!listed.ok) return ctx.fail(listed.error);
    const jobs = jobsOfRun(listed.value, started.jobIds);
    const exitCode = exitCodeForJobs(jobs);
    display.stop();
    const skipped = started.skipped ?? [];
    ctx.output.result(
      command,
      exitCode,
      { jobs: jobs.map(jobSummary), files: filesOfRun(jobs), ...(skipped.length > 0 && { skipped }) },
      [...skipped.map((link) => `Skipped ${link.url}: ${link.message}`), ...runSummaryLines(jobs)],
    );
    return exitCode;
  } finally {
    display.stop();
    unsubscribe();
  }
}

/**
 * Waits until the run's jobs have nothing left to do. Another Trove (the app, `trove serve`,
 * another `get`) may run this data folder's queue: then the jobs wait in its queue and are
 * followed there (their changes reach this Core as events), until they end or that Trove
 * does, when this one takes the queue over and finishes them itself.
 */
async function untilRunEnds(ctx: CommandContext, jobIds: readonly number[], notice: (text: string) => void): Promise<void> {
  const runner = await ctx.core.call('queue.runner', {});
  // A data folder whose queue cannot be reserved (no file locks there) is said once.
  if (runner.ok && runner.value.unavailable) notice(runner.value.unavailable);
  if (!ctx.core.runsQueue()) {
    // --json says it as the event a face would see; later changes arrive as events anyway.
    if (runner.ok) ctx.output.event('queue.runner', runner.value);
    notice(queuedElsewhereNotice(runner.ok ? runner.value.holder : null));
    for (;;) {
      if (ctx.core.runsQueue()) break;
      const listed = await ctx.core.call('jobs.list', {});
      if (listed.ok && jobsOfRun(listed.value, jobIds).every((job) => isSettled(job) || job.state === 'paused')) return;
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_POLL_MS));
    }
    notice(TOOK_OVER);
  }
  await idleKeepingProcessAlive(ctx);
}

/**
 * The engine's retry timers do not hold the process open (the app must be able to quit
 * with a retry pending), so while this command waits for them, it holds it open itself:
 * otherwise Node ends the run with exit 13 as soon as only a job waiting to retry is left.
 */
async function idleKeepingProcessAlive(ctx: CommandContext): Promise<void> {
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    await ctx.core.idle();
  } finally {
    clearInterval(keepAlive);
  }
}
