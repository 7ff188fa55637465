import type { JobView } from '../../../shared/jobs';

/** Every byte is in once the job merges (processing) or is done: its size is the total, whatever the last count said. */
export const downloaded = (state: JobView['state']): boolean => state === 'done' || state === 'processing';

/**
 * How full the job's progress bar is, 0..1, or undefined for a busy bar with no measure:
 * running with no known total, or merging (ffmpeg's work is not counted in bytes).
 */
export function progressFraction(job: Pick<JobView, 'state' | 'progress'>): number | undefined {
  const { state, progress } = job;
  if (state === 'done') return 1;
  if (state === 'processing') return undefined;
  if (progress.total) return progress.bytes / progress.total;
  return state === 'extracting' || state === 'downloading' ? undefined : 0;
}
