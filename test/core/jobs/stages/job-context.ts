import type { JobContext } from '../../../../src/core/jobs/job-queue';
import type { JobRecord } from '../../../../src/core/jobs/job-store';

/** A job as the store returns a fresh post job. */
export const newJob = (fields: Partial<JobRecord> = {}): JobRecord => ({
  id: 1,
  kind: 'post',
  url: 'https://video.example/watch/p1',
  state: 'queued',
  position: 1,
  options: {},
  charged: false,
  refreshes: 0,
  force: false,
  playlistSync: false,
  itemsQueued: 0,
  title: '',
  progressBytes: 0,
  attempts: 0,
  createdAt: 0,
  updatedAt: 0,
  ...fields,
});

/** What a stage told the queue, in order: the states it entered and the fields it wrote. */
export interface RecordedContext extends JobContext {
  readonly steps: Array<{ state?: string; patch: Partial<JobRecord> }>;
  readonly job: JobRecord;
}

/** The queue's side of a run, kept in memory: entering a state and patching write into one job record. */
export function recordingContext(initial: JobRecord): RecordedContext {
  let job = initial;
  const steps: RecordedContext['steps'] = [];
  return {
    signal: new AbortController().signal,
    steps,
    get job() {
      return job;
    },
    enter(state, patch = {}) {
      steps.push({ state, patch });
      job = { ...job, ...patch, state };
      return job;
    },
    patch(patch) {
      steps.push({ patch });
      job = { ...job, ...patch };
      return job;
    },
    progress: () => undefined,
  };
}
