import type { ErrorInfo } from '../../shared/errors';
import type { JobState, JobView, PauseReason } from '../../shared/jobs';
import type { EventBus } from '../events';
import { Coalescer } from '../events';
import { toDatabaseError } from '../db';
import { outcomeOf } from './job-outcome';
import { isActive } from './job-state';
import type { JobPatch, JobRecord, JobStore } from './job-store';
import { jobView } from './job-store';
import { retryPatch } from './link-expired';

/** How a runner's work on a job ended. */
export type JobOutcome =
  | { kind: 'done'; patch?: JobPatch }
  | { kind: 'failed'; error: ErrorInfo & { retryable: boolean } }
  /** The job cannot go on until something outside changes (credits, the key). */
  | { kind: 'blocked'; reason: Exclude<PauseReason, 'user' | 'shutdown'>; error: ErrorInfo }
  /** The signal fired: the queue already recorded why (pause, cancel, shutdown). */
  | { kind: 'aborted' };

export interface JobContext {
  readonly signal: AbortSignal;
  /** Moves the job to the next pipeline state (extracting, downloading, processing). */
  enter(state: Extract<JobState, 'extracting' | 'downloading' | 'processing'>, patch?: JobPatch): JobRecord;
  /** Persists fields of the job (checkpoints) and tells the faces. */
  patch(patch: JobPatch): JobRecord;
  progress(bytes: number, total: number | undefined, speed: number): void;
}

export type JobRunner = ((job: JobRecord, context: JobContext) => Promise<JobOutcome>) & {
  /** Removes what unfinished runs of a canceled job left for a resume (its .part files). */
  discard?: (job: JobRecord) => Promise<void>;
};

export interface JobQueueOptions {
  store: JobStore;
  events: EventBus;
  concurrency: () => number;
  runPost: JobRunner;
  runPlaylist: JobRunner;
  /** Delays before automatic retries of retryable failures; its length caps the attempts. */
  retryDelaysMs?: readonly number[];
  now?: () => number;
  /** How often the outcome of a job is written again while the library cannot be written. */
  settleRetryMs?: number;
}

const PLAYLIST_CONCURRENCY = 2;
const PROGRESS_INTERVAL_MS = 250;
const PROGRESS_PERSIST_MS = 2_000;
const SETTLE_RETRY_MS = 1_000;
const HELD_MESSAGES = {
  out_of_credits: 'Not enough credits: the paused jobs go on after a top-up.',
  key_required: 'No API key is set: the paused jobs go on once one is added.',
} as const;

interface Running {
  /** The job as last written: progress ticks build on it instead of reading the row again. */
  job: JobRecord;
  controller: AbortController;
  done: Promise<void>;
  /** What the queue decided while the runner was still unwinding. */
  stopAs?: { state: 'paused' | 'canceled' | 'queued'; reason?: PauseReason };
  speed: number;
  persistedAt: number;
  /** The latest progress, written to the job when it stops (it is persisted only now and then while running). */
  progress?: { bytes: number; total?: number };
}

/**
 * The scheduler: runs queued jobs up to the concurrency setting, applies user actions
 * (pause, resume, cancel, retry, reorder) and turns runner outcomes into state changes.
 * Job updates reach the faces coalesced to a few per second.
 */
export class JobQueue {
  readonly #options: JobQueueOptions;
  readonly #running = new Map<number, Running>();
  readonly #updates: Coalescer<number, JobRecord>;
  readonly #idleWaiters: Array<() => void> = [];
  readonly #now: () => number;
  #closed = false;
  #started = false;
  #retryTimer: NodeJS.Timeout | undefined;
  readonly #settleTimers = new Set<NodeJS.Timeout>();
  /** Cleanups of canceled jobs still running: a retry waits for its job's. */
  readonly #discards = new Map<number, Promise<void>>();

  constructor(options: JobQueueOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#updates = new Coalescer(PROGRESS_INTERVAL_MS, (id, job) =>
      options.events.emit('job.updated', jobView(job, this.#running.get(id)?.speed ?? 0)),
    );
  }

  /** Re-queues what a crash or shutdown interrupted, then starts working. */
  start(): void {
    this.#started = true;
    this.#options.store.requeueInterrupted();
    this.#announceHeld();
    this.pump();
  }

  /**
   * Jobs an earlier run held for credits or a key still wait: said again as when they were
   * held, so the faces show why and a top-up is watched for (nothing else resumes them).
   */
  #announceHeld(): void {
    const held = this.#options.store.list(['paused']);
    for (const reason of ['out_of_credits', 'key_required'] as const) {
      const waiting = held.filter((job) => job.pauseReason === reason);
      if (waiting.length === 0) continue;
      const message = waiting.find((job) => job.error)?.error?.message ?? HELD_MESSAGES[reason];
      this.#options.events.emit('queue.paused', { reason, message });
    }
  }

  /** Starts what can start; a queue that was never started only records (a CLI query). */
  pump(): void {
    if (this.#closed || !this.#started) return;
    const { store } = this.#options;
    const runningOf = (kind: JobRecord['kind']) => [...this.#running.values()].filter((entry) => entry.job.kind === kind).length;
    // A runner may stay in `queued` for a moment before its first stage: skip jobs already running.
    const startable = (kind: JobRecord['kind'], free: number, keep: (job: JobRecord) => boolean = () => true): JobRecord[] =>
      free > 0 ? store.runnable(kind, free + this.#running.size).filter((job) => !this.#running.has(job.id) && keep(job)).slice(0, free) : [];
    for (const job of startable('post', this.#options.concurrency() - runningOf('post'), this.#notATwin())) this.#run(job, this.#options.runPost);
    for (const job of startable('playlist', PLAYLIST_CONCURRENCY - runningOf('playlist'))) this.#run(job, this.#options.runPlaylist);
    this.#scheduleRetryWakeUp();
    this.#checkIdle();
  }

  /**
   * Link jobs for a link another post job is already working on wait for it: run side by
   * side, both paid for the extraction and saved the post twice; after it, the later one
   * finds the post in the library for free.
   */
  #notATwin(): (job: JobRecord) => boolean {
    const busy = new Set([...this.#running.values()].filter((entry) => entry.job.kind === 'post').map((entry) => entry.job.url));
    return (job) => {
      if (job.post || job.force) return true;
      if (busy.has(job.url)) return false;
      busy.add(job.url);
      return true;
    };
  }

  pause(ids?: readonly number[], reason: PauseReason = 'user'): number {
    return this.#act(ids, ['queued', 'extracting', 'downloading', 'processing'], (job) => this.#stop(job, 'paused', reason));
  }

  resume(ids?: readonly number[], onlyReason?: PauseReason): number {
    const changed = this.#act(ids, ['paused'], (job) => {
      if (onlyReason && job.pauseReason !== onlyReason) return false;
      return this.#transition(job.id, 'queued', { pauseReason: undefined, nextAttemptAt: undefined });
    });
    this.pump();
    return changed;
  }

  cancel(ids?: readonly number[]): number {
    return this.#act(ids, ['queued', 'extracting', 'downloading', 'processing', 'paused', 'failed'], (job) => {
      const canceled = this.#stop(job, 'canceled');
      // A running job is cleaned up once its runner has let go of its files.
      if (canceled && !this.#running.has(job.id)) this.#discard(job.id);
      return canceled;
    });
  }

  retry(ids?: readonly number[]): number {
    const changed = this.#act(ids, ['failed', 'canceled'], (job) =>
      this.#transition(job.id, 'queued', { error: undefined, attempts: 0, nextAttemptAt: undefined, ...retryPatch(job) }),
    );
    this.pump();
    return changed;
  }

  move(id: number, toIndex: number): boolean {
    const moved = this.#options.store.move(id, toIndex);
    if (moved) for (const job of this.#options.store.list()) this.#updates.push(job.id, job);
    return moved;
  }

  clear(states: readonly JobState[]): number {
    // A failed job's partial files only served its retry, which clearing gives up (a
    // canceled job's are gone already, a finished job's files are the user's).
    const failed = states.includes('failed') ? this.#options.store.list(['failed']) : [];
    const removed = new Set(this.#options.store.remove(states));
    for (const id of removed) this.#options.events.emit('job.removed', { id });
    for (const job of failed) if (removed.has(job.id)) void this.#discardFiles(job);
    return removed.size;
  }

  /** Pauses every queued job that would need an extraction (out of credits, no key). */
  holdExtractions(reason: 'out_of_credits' | 'key_required'): number {
    const waiting = this.#options.store.list(['queued']).filter((job) => job.kind === 'playlist' || !job.post);
    return this.pause(
      waiting.map((job) => job.id),
      reason,
    );
  }

  /**
   * A stored job as the faces see it: a running job's progress is written to the store only
   * every few seconds, so its latest bytes and speed come from here (a stale byte count with
   * a live speed showed a wrong percentage and ETA).
   */
  viewOf(job: JobRecord): JobView {
    const running = this.#running.get(job.id);
    if (!running) return jobView(job);
    const { progressBytes, progressTotal } = running.job;
    return jobView({ ...job, progressBytes, ...(progressTotal !== undefined ? { progressTotal } : {}) }, running.speed);
  }

  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.#idleWaiters.push(resolve);
      this.#checkIdle();
    });
  }

  /** Stops every running job and puts it back in the queue for the next start. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    for (const timer of this.#settleTimers) clearTimeout(timer);
    const running = [...this.#running.entries()];
    for (const [id, entry] of running) {
      entry.stopAs = { state: 'queued' };
      entry.controller.abort(new Error('Trove is shutting down.'));
      try {
        const job = this.#options.store.get(id);
        if (job && isActive(job.state)) this.#options.store.transition(id, 'queued');
      } catch {
        // The library cannot be written: the job stays active, and the next start re-queues it.
      }
    }
    await Promise.all(running.map(([, entry]) => entry.done));
    this.#updates.flush();
  }

  #act(ids: readonly number[] | undefined, from: readonly JobState[], apply: (job: JobRecord) => boolean): number {
    const jobs = ids ? ids.map((id) => this.#options.store.get(id)).filter((job) => job !== undefined) : this.#options.store.list(from);
    let changed = 0;
    for (const job of jobs) if (from.includes(job.state) && apply(job)) changed++;
    this.#checkIdle();
    return changed;
  }

  #stop(job: JobRecord, state: 'paused' | 'canceled', reason?: PauseReason): boolean {
    const running = this.#running.get(job.id);
    if (running) {
      running.stopAs = { state, ...(reason ? { reason } : {}) };
      running.controller.abort(new Error(state === 'paused' ? 'Paused.' : 'Canceled.'));
    }
    return this.#transition(job.id, state, state === 'paused' ? { pauseReason: reason ?? 'user' } : {});
  }

  #transition(id: number, state: JobState, patch: JobPatch = {}): boolean {
    const result = this.#options.store.transition(id, state, patch);
    if (result.ok) this.#updates.push(id, result.value);
    return result.ok;
  }

  #run(job: JobRecord, runner: JobRunner): void {
    const controller = new AbortController();
    const entry: Running = { job, controller, done: Promise.resolve(), speed: 0, persistedAt: 0 };
    this.#running.set(job.id, entry);
    const context = this.#context(job.id, entry);
    entry.done = (this.#discards.get(job.id) ?? Promise.resolve())
      .then(() => runner(job, context))
      .catch(outcomeOf)
      .then((outcome) => this.#settleOrRetry(job.id, entry, outcome, false))
      // Before the job can start again (a quick retry): the new run must not find half-deleted files.
      .then(() => (entry.stopAs?.state === 'canceled' ? this.#discard(job.id) : undefined))
      .finally(() => {
        this.#running.delete(job.id);
        this.pump();
      });
  }

  #context(id: number, entry: Running): JobContext {
    const { store } = this.#options;
    // Progress is written only now and then; a patch or a state change writes the latest with
    // it, or the row read back (and shown) would carry an older byte count: progress going backwards.
    const withProgress = (patch: JobPatch): JobPatch =>
      entry.progress && patch.progressBytes === undefined
        ? { progressBytes: entry.progress.bytes, ...(entry.progress.total !== undefined ? { progressTotal: entry.progress.total } : {}), ...patch }
        : patch;
    return {
      signal: entry.controller.signal,
      enter: (state, patch = {}) => {
        // A stopped job must not move on while its runner unwinds.
        entry.controller.signal.throwIfAborted();
        const result = store.transition(id, state, withProgress(patch));
        if (!result.ok) throw new Error(result.error.message);
        entry.job = result.value;
        this.#updates.push(id, result.value);
        return result.value;
      },
      patch: (patch) => {
        const job = store.update(id, withProgress(patch));
        if (!job) throw new Error(`Job ${id} disappeared.`);
        entry.job = job;
        this.#updates.push(id, job);
        return job;
      },
      progress: (bytes, total, speed) => {
        entry.speed = speed;
        entry.progress = { bytes, ...(total !== undefined ? { total } : {}) };
        const patch = { progressBytes: bytes, ...(total !== undefined ? { progressTotal: total } : {}) };
        // Progress reaches the disk only every few seconds: it is a display, not a
        // checkpoint (the .part files are).
        if (this.#now() - entry.persistedAt >= PROGRESS_PERSIST_MS) {
          store.update(id, patch, false);
          entry.persistedAt = this.#now();
        }
        entry.job = { ...entry.job, ...patch };
        this.#updates.push(id, entry.job);
      },
    };
  }

  /**
   * Records how a job ended. When the library cannot be written (a full or read-only disk)
   * the process must not crash: the faces are told why, and the outcome is written as
   * soon as the library accepts it again (or, after a restart, the job runs again).
   */
  #settleOrRetry(id: number, entry: Running, outcome: JobOutcome, retried: boolean): void {
    if (this.#closed && retried) return;
    try {
      if (retried && !this.#stillUnsettled(id)) return;
      this.#settle(id, entry, outcome);
    } catch (error) {
      const info = toDatabaseError(error);
      try {
        const job = this.#options.store.get(id);
        const message = `${info.message}. How this job ended will be saved once the library can be written again.`;
        // Through the coalescer, so a progress update still waiting there cannot follow it.
        if (job) this.#updates.push(id, { ...job, state: 'failed', error: { ...info, message } });
      } catch {
        // Not even readable: the retry below is all that can be done.
      }
      if (this.#closed) return;
      const timer = setTimeout(() => {
        this.#settleTimers.delete(timer);
        this.#settleOrRetry(id, entry, outcome, true);
      }, this.#options.settleRetryMs ?? SETTLE_RETRY_MS);
      timer.unref();
      this.#settleTimers.add(timer);
    }
  }

  /** Whether a job whose outcome could not be written is still where its runner left it. */
  #stillUnsettled(id: number): boolean {
    const job = this.#options.store.get(id);
    return job !== undefined && !this.#running.has(id) && (job.state === 'queued' || isActive(job.state));
  }

  #settle(id: number, entry: Running, outcome: JobOutcome): void {
    entry.speed = 0;
    if (entry.progress) {
      const { bytes, total } = entry.progress;
      // A finished job shows its full size; a stopped one shows how far it got.
      const done = outcome.kind === 'done' && !entry.stopAs;
      this.#options.store.update(id, { progressBytes: done ? (total ?? bytes) : bytes, ...(total !== undefined ? { progressTotal: total } : {}) });
    }
    const job = this.#options.store.get(id);
    if (!job || entry.stopAs || outcome.kind === 'aborted') {
      if (job) this.#updates.push(id, job);
      return;
    }
    if (!this.#apply(id, job, outcome)) {
      // A stage that ends in a state the machine does not allow is a bug: fail the job
      // visibly rather than leave it queued, where it would be picked up again at once.
      this.#transition(id, 'failed', {
        error: { code: 'internal', message: `Job ${id} ended as ${outcome.kind} from ${job.state}, which is not allowed.`, retryable: false },
      });
    }
  }

  #apply(id: number, job: JobRecord, outcome: Exclude<JobOutcome, { kind: 'aborted' }>): boolean {
    switch (outcome.kind) {
      case 'done':
        return this.#transition(id, 'done', { ...outcome.patch, error: undefined, nextAttemptAt: undefined });
      case 'blocked': {
        const paused = this.#transition(id, 'paused', { pauseReason: outcome.reason, error: outcome.error });
        this.holdExtractions(outcome.reason);
        this.#options.events.emit('queue.paused', { reason: outcome.reason, message: outcome.error.message });
        return paused;
      }
      case 'failed': {
        const delays = this.#options.retryDelaysMs ?? [];
        const attempts = job.attempts + 1;
        const delay = delays[attempts - 1];
        if (outcome.error.retryable && delay !== undefined) {
          // Back to the queue, but not runnable before its time: the wake-up timer picks it up.
          return this.#transition(id, 'queued', { attempts, error: outcome.error, nextAttemptAt: this.#now() + delay });
        }
        return this.#transition(id, 'failed', { attempts, error: outcome.error });
      }
    }
  }

  #scheduleRetryWakeUp(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    const at = this.#options.store.nextRetryAt();
    if (at === undefined || this.#closed) return;
    this.#retryTimer = setTimeout(() => this.pump(), Math.max(10, at - this.#now()));
    this.#retryTimer.unref();
  }

  /** Best effort: a file that cannot be removed now only takes room, and the job stays canceled. */
  #discard(id: number): Promise<void> {
    const job = this.#options.store.get(id);
    return job ? this.#discardFiles(job) : Promise.resolve();
  }

  #discardFiles(job: JobRecord): Promise<void> {
    const { id } = job;
    const runner = job.kind === 'post' ? this.#options.runPost : this.#options.runPlaylist;
    if (!runner.discard) return Promise.resolve();
    const discarding = runner
      .discard(job)
      .catch(() => undefined)
      .finally(() => {
        if (this.#discards.get(id) === discarding) this.#discards.delete(id);
      });
    this.#discards.set(id, discarding);
    return discarding;
  }

  #checkIdle(): void {
    if (this.#running.size > 0 || this.#options.store.count(['queued']) > 0) return;
    this.#updates.flush();
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}
