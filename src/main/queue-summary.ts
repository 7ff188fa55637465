import type { JobState, JobView } from '../shared/jobs';

export interface QueueSummary {
  counts: Record<JobState, number>;
  /** Jobs still to finish: queued or running. */
  pending: number;
  /** 0..1 over the bytes of running jobs that know their size; undefined when nothing runs. */
  progress: number | undefined;
}

const RUNNING: ReadonlySet<JobState> = new Set(['extracting', 'downloading', 'processing']);

/** One line of numbers for the tray, the taskbar progress bar and the dock badge. */
export function summarizeQueue(jobs: Iterable<JobView>): QueueSummary {
  const counts: Record<JobState, number> = {
    queued: 0,
    extracting: 0,
    downloading: 0,
    processing: 0,
    done: 0,
    failed: 0,
    paused: 0,
    canceled: 0,
  };
  let bytes = 0;
  let total = 0;
  let running = 0;
  for (const job of jobs) {
    counts[job.state] += 1;
    if (!RUNNING.has(job.state)) continue;
    running += 1;
    if (job.progress.total !== undefined && job.progress.total > 0) {
      total += job.progress.total;
      bytes += Math.min(job.progress.bytes, job.progress.total);
    }
  }
  const progress = running === 0 ? undefined : total === 0 ? 0 : bytes / total;
  return { counts, pending: counts.queued + running, progress };
}
