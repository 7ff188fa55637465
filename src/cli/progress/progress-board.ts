import type { JobProgress, JobState, JobView } from '../../shared/jobs';

export interface OverallProgress {
  bytes: number;
  /** Sum of the sizes; undefined while any post job does not know its size yet. */
  total?: number;
  speed: number;
  etaSeconds?: number;
  counts: Record<JobState, number>;
}

const ACTIVE: ReadonlySet<JobState> = new Set(['extracting', 'downloading', 'processing']);

export const isActive = (job: Pick<JobView, 'state'>): boolean => ACTIVE.has(job.state);
export const isSettled = (job: Pick<JobView, 'state'>): boolean =>
  job.state === 'done' || job.state === 'failed' || job.state === 'canceled';

/**
 * The progress to show: once a job is past downloading its bytes are all there, whatever
 * the last progress report said (the engine reports progress only while bytes flow).
 */
export function shownProgress(job: Pick<JobView, 'state' | 'progress'>): JobProgress {
  const { progress } = job;
  if ((job.state === 'processing' || job.state === 'done') && progress.total !== undefined) {
    return { bytes: progress.total, total: progress.total, speed: 0 };
  }
  return progress;
}

/** The latest view of every job seen during a run, and their sum for the overall line. */
export class ProgressBoard {
  readonly #jobs = new Map<number, JobView>();

  /** Records an update and returns the view it replaces (undefined for a new job). */
  update(job: JobView): JobView | undefined {
    const previous = this.#jobs.get(job.id);
    this.#jobs.set(job.id, job);
    return previous;
  }

  get(id: number): JobView | undefined {
    return this.#jobs.get(id);
  }

  overall(): OverallProgress {
    const counts = Object.fromEntries(
      ['queued', 'extracting', 'downloading', 'processing', 'done', 'failed', 'paused', 'canceled'].map((state) => [state, 0]),
    ) as Record<JobState, number>;
    let bytes = 0;
    let total: number | undefined = 0;
    let speed = 0;
    for (const job of this.#jobs.values()) {
      counts[job.state] += 1;
      // Playlist jobs only page; their posts carry the bytes.
      if (job.kind === 'playlist') continue;
      const progress = shownProgress(job);
      bytes += progress.bytes;
      if (isActive(job)) speed += progress.speed;
      if (total !== undefined) total = progress.total === undefined ? undefined : total + progress.total;
    }
    const remaining = total === undefined ? undefined : Math.max(0, total - bytes);
    return {
      bytes,
      ...(total !== undefined && { total }),
      speed,
      ...(remaining !== undefined && speed > 0 && { etaSeconds: remaining / speed }),
      counts,
    };
  }
}
