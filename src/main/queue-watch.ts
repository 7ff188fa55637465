import type { Core } from '../core/core-api';
import type { JobState, JobView } from '../shared/jobs';
import { summarizeQueue } from './queue-summary';
import type { QueueSummary } from './queue-summary';

export interface QueueWatchListeners {
  /** The queue changed; called at most once per `intervalMs`, always with the latest summary. */
  summary(summary: QueueSummary): void;
  /** A job changed state (not progress): for notifications. */
  transition(previous: JobState | undefined, job: JobView): void;
}

/**
 * The main process's own view of the queue (the tray, the taskbar bar and notifications
 * need it even while the window is closed): the job list once, then the Core's events.
 */
export async function watchQueue(core: Core, listeners: QueueWatchListeners, intervalMs = 500): Promise<() => void> {
  const jobs = new Map<number, JobView>();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    timer ??= setTimeout(() => {
      timer = undefined;
      listeners.summary(summarizeQueue(jobs.values()));
    }, intervalMs);
  };
  const stopUpdates = core.on('job.updated', (job) => {
    const previous = jobs.get(job.id)?.state;
    jobs.set(job.id, job);
    if (previous !== job.state) listeners.transition(previous, job);
    schedule();
  });
  const stopRemovals = core.on('job.removed', ({ id }) => {
    jobs.delete(id);
    schedule();
  });
  const listed = await core.call('jobs.list', {});
  if (listed.ok) for (const job of listed.value) if (!jobs.has(job.id)) jobs.set(job.id, job);
  listeners.summary(summarizeQueue(jobs.values()));
  return () => {
    stopUpdates();
    stopRemovals();
    if (timer) clearTimeout(timer);
  };
}
