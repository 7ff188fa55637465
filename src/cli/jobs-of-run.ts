import type { JobState, JobView } from '../shared/jobs';

/** A job in one of these states has work left: a new run continues it rather than adding another. */
export const UNFINISHED_STATES: JobState[] = ['queued', 'extracting', 'downloading', 'processing', 'paused'];

/** The jobs a run started (its roots) and every job they spawned, e.g. the posts of a playlist. */
export function jobsOfRun(all: readonly JobView[], rootIds: Iterable<number>): JobView[] {
  const ids = new Set(rootIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const job of all) {
      if (!ids.has(job.id) && job.parentId !== undefined && ids.has(job.parentId)) {
        ids.add(job.id);
        grew = true;
      }
    }
  }
  return all.filter((job) => ids.has(job.id));
}
