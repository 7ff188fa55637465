import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../../src/core/events/event-bus';
import type { JobOutcome, JobRunner } from '../../../src/core/jobs/job-queue';
import { JobQueue } from '../../../src/core/jobs/job-queue';
import { JobStore } from '../../../src/core/jobs/job-store';
import type { Db } from '../../../src/core/db';
import { closeDatabase, migrations, openDatabase } from '../../../src/core/db';
import type { JobView } from '../../../src/shared/jobs';

/*
 * A disk full (or turned read-only) under the library made every write of the queue
 * throw; the one that records how a job ended was an unhandled rejection, which ends a
 * Node process (found by test/reliability/disk-trouble). Here the library refuses writes
 * the way SQLite does on such a disk (`query_only` makes every write fail for real).
 */

const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) {
    db.pragma('query_only = OFF');
    closeDatabase(db);
  }
});

function makeStore(): { db: Db; store: JobStore } {
  const opened = openDatabase(join(mkdtempSync(join(tmpdir(), 'trove-jobs-')), 'trove.db'), {
    migrations,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  open.push(opened.value);
  return { db: opened.value, store: new JobStore(opened.value) };
}

const until = async (condition: () => boolean): Promise<void> => {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

/** A stage that runs until the test ends it. */
function gated(): { runner: JobRunner; finish: (outcome: JobOutcome) => void; tick: () => void; started: () => boolean } {
  let finish: ((outcome: JobOutcome) => void) | undefined;
  let tick: (() => void) | undefined;
  return {
    runner: (_job, context) =>
      new Promise<JobOutcome>((resolve) => {
        context.enter('downloading');
        finish = resolve;
        tick = () => context.progress(100, 100, 0);
        context.signal.addEventListener('abort', () => resolve({ kind: 'aborted' }));
      }),
    finish: (outcome) => finish?.(outcome),
    tick: () => tick?.(),
    started: () => finish !== undefined,
  };
}

describe('JobQueue on a library that cannot be written', () => {
  it('does not crash when a job ends; says why, and records the outcome once writes work again', async () => {
    const { db, store } = makeStore();
    const stage = gated();
    const events = new EventBus();
    const views: JobView[] = [];
    events.on('job.updated', (view) => views.push(view));
    const queue = new JobQueue({ store, events, concurrency: () => 1, runPost: stage.runner, runPlaylist: stage.runner, settleRetryMs: 200 });
    const [id] = store.add([{ kind: 'post', url: 'https://video.example/watch/full' }]) as [number];
    queue.start();
    await until(stage.started);

    // A progress tick just before the end, as a download gives one.
    stage.tick();
    db.pragma('query_only = ON');
    stage.finish({ kind: 'done' });
    await queue.idle();
    // The last word the faces got, after any progress update still on its way.
    expect(views.filter((view) => view.id === id).at(-1)).toMatchObject({ state: 'failed', error: { code: 'database_read_only' } });
    expect(store.get(id)?.state).toBe('downloading');

    db.pragma('query_only = OFF');
    await until(() => store.get(id)?.state === 'done');
    await queue.close();
  });

  it('a runner that hits the unwritable library fails with the library error, not as a bug', async () => {
    const { db, store } = makeStore();
    const writing: JobRunner = async (_job, context) => {
      context.enter('downloading');
      db.pragma('query_only = ON');
      context.patch({ title: 'cannot be saved' });
      return { kind: 'done' };
    };
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 1, runPost: writing, runPlaylist: writing, settleRetryMs: 10 });
    const [id] = store.add([{ kind: 'post', url: 'https://video.example/watch/ro' }]) as [number];
    queue.start();
    await queue.idle();
    db.pragma('query_only = OFF');
    await until(() => store.get(id)?.state === 'failed');
    expect(store.get(id)?.error).toMatchObject({ code: 'database_read_only', retryable: false });
    await queue.close();
  });

  it('closes without throwing, and the next start runs the job it could not put back', async () => {
    const { db, store } = makeStore();
    const stage = gated();
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 1, runPost: stage.runner, runPlaylist: stage.runner });
    const [id] = store.add([{ kind: 'post', url: 'https://video.example/watch/close' }]) as [number];
    queue.start();
    await until(stage.started);
    db.pragma('query_only = ON');
    await expect(queue.close()).resolves.toBeUndefined();
    db.pragma('query_only = OFF');

    const done: JobRunner = async (_job, context) => {
      context.enter('downloading');
      return { kind: 'done' };
    };
    const next = new JobQueue({ store, events: new EventBus(), concurrency: () => 1, runPost: done, runPlaylist: done });
    next.start();
    await next.idle();
    expect(store.get(id)?.state).toBe('done');
    await next.close();
  });
});
