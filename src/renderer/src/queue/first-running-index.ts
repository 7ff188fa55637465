import type { JobView } from '../../../shared/jobs';

const RUNNING = new Set<JobView['state']>(['extracting', 'downloading', 'processing']);

/** Where the first job that is running now sits in the list, or -1 when none is. */
export const firstRunningIndex = (jobs: readonly JobView[]): number => jobs.findIndex((job) => RUNNING.has(job.state));
