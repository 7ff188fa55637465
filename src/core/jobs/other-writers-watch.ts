import type Database from 'better-sqlite3';
import type { JobView } from '../../shared/jobs';
import type { EventBus } from '../events';
import type { JobRecord, JobStore } from './job-store';

export interface OtherWritersWatchOptions {
  db: Database.Database;
  store: JobStore;
  events: EventBus;
  /** The job as this process shows it (live progress for a job it runs itself). */
  viewOf: (job: JobRecord) => JobView;
  /** Called after each change another process committed (the queue looks for work again). */
  onChange: () => void;
  pollMs: number;
  now: () => number;
}

/**
 * Jobs another process writes (the queue's holder, a `trove get` adding jobs beside the app)
 * change the database under this one: SQLite's `data_version` says when another connection
 * committed. Each changed job is then announced as if it changed here, so a face follows a
 * queue run elsewhere with its usual events, and a removed one as removed.
 */
export function watchOtherWriters(options: OtherWritersWatchOptions): { stop(): void } {
  const { store, events } = options;
  const dataVersion = options.db.prepare('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get();
  const key = (job: JobRecord): string => JSON.stringify(job);
  let known = new Map(store.list().map((job) => [job.id, { key: key(job), bytes: job.progressBytes, at: options.now() }]));

  const timer = setInterval(() => {
    const version = dataVersion.get();
    if (version === seenVersion) return;
    seenVersion = version;
    const now = options.now();
    const next = new Map<number, { key: string; bytes: number; at: number }>();
    for (const job of store.list()) {
      const before = known.get(job.id);
      const entry = { key: key(job), bytes: job.progressBytes, at: now };
      next.set(job.id, entry);
      if (before?.key === entry.key) {
        next.set(job.id, before);
        continue;
      }
      const view = options.viewOf(job);
      // A job run elsewhere has no speed here: it is estimated from the bytes written since the last look.
      const elapsed = before ? (now - before.at) / 1000 : 0;
      const estimated = view.progress.speed === 0 && elapsed > 0 && job.progressBytes > (before?.bytes ?? 0) ? (job.progressBytes - (before?.bytes ?? 0)) / elapsed : 0;
      events.emit('job.updated', estimated > 0 ? withSpeed(view, estimated) : view);
    }
    for (const id of known.keys()) if (!next.has(id)) events.emit('job.removed', { id });
    known = next;
    options.onChange();
  }, options.pollMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

function withSpeed(view: JobView, speed: number): JobView {
  const { total, bytes } = view.progress;
  return { ...view, progress: { ...view.progress, speed, ...(total !== undefined ? { etaSeconds: Math.max(0, (total - bytes) / speed) } : {}) } };
}
