import type { JobView } from '../../../shared/jobs';

type Schedule = (flush: () => void) => void;

/**
 * The queue as the UI holds it: jobs by id (a normalized store) and one ordered snapshot
 * for rendering. Events can arrive by the hundred per second; they are applied at once
 * but listeners hear about them at most once per frame (coalesced), with one new
 * snapshot array, so React renders once per frame, not once per event.
 */
export class JobStore {
  readonly #jobs = new Map<number, JobView>();
  readonly #listeners = new Set<() => void>();
  #snapshot: readonly JobView[] = [];
  #scheduled = false;
  /** Set once the whole list came in; `#shownListed` follows it at the flush, with the snapshot it describes. */
  #listed = false;
  #shownListed = false;

  constructor(private readonly schedule: Schedule = (flush) => globalThis.requestAnimationFrame(() => flush())) {}

  replaceAll(jobs: readonly JobView[]): void {
    this.#jobs.clear();
    for (const job of jobs) this.#jobs.set(job.id, job);
    this.#listed = true;
    this.#changed();
  }

  upsert(job: JobView): void {
    const known = this.#jobs.get(job.id);
    // An event older than what we hold (a reply that crossed an update) is ignored.
    if (known && known.updatedAt > job.updatedAt) return;
    this.#jobs.set(job.id, job);
    this.#changed();
  }

  remove(id: number): void {
    if (this.#jobs.delete(id)) this.#changed();
  }

  get(id: number): JobView | undefined {
    return this.#jobs.get(id);
  }

  /** Whether the snapshot holds the whole queue as listed (false before the first list arrived). */
  listed = (): boolean => this.#shownListed;

  /** Jobs in queue order (position); the same array until something changes. */
  snapshot = (): readonly JobView[] => this.#snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #changed(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.schedule(() => this.#flush());
  }

  #flush(): void {
    this.#scheduled = false;
    this.#shownListed = this.#listed;
    this.#snapshot = [...this.#jobs.values()].sort((a, b) => a.position - b.position || a.id - b.id);
    for (const listener of this.#listeners) listener();
  }
}
