import type { JobState, JobView } from '../../../shared/jobs';

/** The queue's filter tabs; "active" is everything still to finish. */
export const QUEUE_FILTERS = ['all', 'active', 'paused', 'done', 'failed', 'canceled'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

const STATES: Readonly<Record<Exclude<QueueFilter, 'all'>, readonly JobState[]>> = {
  active: ['queued', 'extracting', 'downloading', 'processing'],
  paused: ['paused'],
  done: ['done'],
  failed: ['failed'],
  canceled: ['canceled'],
};

export function matchesFilter(job: JobView, filter: QueueFilter): boolean {
  return filter === 'all' || STATES[filter].includes(job.state);
}

export function countByFilter(jobs: readonly JobView[]): Record<QueueFilter, number> {
  const counts: Record<QueueFilter, number> = { all: jobs.length, active: 0, paused: 0, done: 0, failed: 0, canceled: 0 };
  for (const job of jobs) {
    for (const filter of QUEUE_FILTERS) if (filter !== 'all' && STATES[filter].includes(job.state)) counts[filter] += 1;
  }
  return counts;
}

/** What a job's row offers, from its state (the Core refuses anything else anyway). */
export function jobActions(state: JobState): { pause: boolean; resume: boolean; cancel: boolean; retry: boolean } {
  const running = state === 'queued' || state === 'extracting' || state === 'downloading' || state === 'processing';
  return {
    pause: running,
    resume: state === 'paused',
    cancel: running || state === 'paused' || state === 'failed',
    retry: state === 'failed' || state === 'canceled',
  };
}
