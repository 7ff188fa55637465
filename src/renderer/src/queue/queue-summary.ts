import type { JobView } from '../../../shared/jobs';

const UNFINISHED = new Set<JobView['state']>(['queued', 'extracting', 'downloading', 'processing']);

export interface QueueSummary {
  /** Jobs still to finish (not paused). */
  active: number;
  /** Bytes per second over every running download. */
  speed: number;
  /** Bytes still to come for the jobs whose size is known. */
  remainingBytes: number;
  /** Seconds until those bytes are in at the current speed; undefined while nothing moves. */
  etaSeconds: number | undefined;
}

/** The queue at a glance, as download managers show it above the list. */
export function summarizeQueue(jobs: readonly JobView[]): QueueSummary {
  let active = 0;
  let speed = 0;
  let remainingBytes = 0;
  for (const job of jobs) {
    if (!UNFINISHED.has(job.state)) continue;
    active += 1;
    if (job.state === 'downloading') speed += job.progress.speed;
    if (job.progress.total !== undefined) remainingBytes += Math.max(0, job.progress.total - job.progress.bytes);
  }
  return { active, speed, remainingBytes, etaSeconds: speed > 0 ? remainingBytes / speed : undefined };
}
