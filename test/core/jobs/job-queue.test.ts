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

const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) closeDatabase(db);
});


function makeStore(path = join(mkdtempSync(join(tmpdir(), 'trove-jobs-')), 'trove.db')): { store: JobStore; path: string } {
  const opened = openDatabase(path, { migrations });
  if (!opened.ok) throw new Error(opened.error.message);
  open.push(opened.value);
  return { store: new JobStore(opened.value), path };
}

/** A stage that waits until the test releases it, recording how many run at once. */
function gatedRunner() {
  const gates = new Map<number, (outcome: JobOutcome) => void>();
  let running = 0;
  let peak = 0;
  const runner: JobRunner = (job, context) =>
    new Promise<JobOutcome>((resolve) => {
      running++;
      peak = Math.max(peak, running);
      context.enter('downloading');
      const finish = (outcome: JobOutcome) => {
        running--;
        gates.delete(job.id);
        resolve(outcome);
      };
      gates.set(job.id, finish);
      context.signal.addEventListener('abort', () => finish({ kind: 'aborted' }));
    });
  return { runner, gates, peak: () => peak };
}

const until = async (condition: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('JobQueue', () => {
  it('runs no more jobs at once than the concurrency setting, in queue order', async () => {
    const { store } = makeStore();
    const stage = gatedRunner();
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 2, runPost: stage.runner, runPlaylist: stage.runner });
    const ids = store.add([1, 2, 3, 4, 5].map((n) => ({ kind: 'post' as const, url: `https://video.example/watch/${n}` })));
    queue.start();
    await until(() => stage.gates.size === 2);
    expect([...stage.gates.keys()]).toEqual(ids.slice(0, 2));
    while (stage.gates.size > 0) {
      for (const finish of [...stage.gates.values()]) finish({ kind: 'done' });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await queue.idle();
    expect(stage.peak()).toBe(2);
    expect(store.list().map((job) => job.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });

  it('pauses, resumes and cancels running and waiting jobs', async () => {
    const { store } = makeStore();
    const stage = gatedRunner();
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 1, runPost: stage.runner, runPlaylist: stage.runner });
    const [first, second] = store.add([
      { kind: 'post', url: 'https://video.example/watch/a' },
      { kind: 'post', url: 'https://video.example/watch/b' },
    ]) as [number, number];
    queue.start();
    await until(() => stage.gates.has(first));

    expect(queue.pause([first])).toBe(1);
    expect(store.get(first)).toMatchObject({ state: 'paused', pauseReason: 'user' });
    await until(() => stage.gates.has(second));
    expect(queue.cancel([second])).toBe(1);
    expect(store.get(second)?.state).toBe('canceled');

    expect(queue.resume([first])).toBe(1);
    await until(() => stage.gates.has(first));
    stage.gates.get(first)?.({ kind: 'done' });
    await queue.idle();
    expect(store.get(first)?.state).toBe('done');
    expect(store.get(second)?.state).toBe('canceled');
    expect(queue.retry([second])).toBe(1);
    await until(() => stage.gates.has(second));
    stage.gates.get(second)?.({ kind: 'done' });
    await queue.idle();
    expect(store.get(second)?.state).toBe('done');
  });

  it('retries retryable failures after the configured delays, then fails for good', async () => {
    const { store } = makeStore();
    let calls = 0;
    const failing: JobRunner = async (_job, context) => {
      calls++;
      context.enter('downloading');
      return { kind: 'failed', error: { code: 'network', message: 'connection reset', retryable: true } };
    };
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 1, runPost: failing, runPlaylist: failing, retryDelaysMs: [5, 5] });
    const [id] = store.add([{ kind: 'post', url: 'https://video.example/watch/x' }]) as [number];
    queue.start();
    await until(() => store.get(id)?.state === 'failed');
    expect(calls).toBe(3);
    expect(store.get(id)).toMatchObject({ attempts: 3, error: { code: 'network', retryable: true } });
  });

  it('holds every job that needs an extraction when one is blocked by credits, and resumes them', async () => {
    const { store } = makeStore();
    const blocked: JobRunner = async (job, context) => {
      if (job.url.endsWith('/broke')) {
        context.enter('extracting');
        return { kind: 'blocked', reason: 'out_of_credits', error: { code: 'out_of_credits', message: 'No credits left.' } };
      }
      context.enter('downloading');
      return { kind: 'done' };
    };
    const events = new EventBus();
    const paused: string[] = [];
    events.on('queue.paused', (payload) => paused.push(payload.reason));
    const queue = new JobQueue({ store, events, concurrency: () => 1, runPost: blocked, runPlaylist: blocked });
    const ids = store.add([
      { kind: 'post', url: 'https://video.example/watch/broke' },
      { kind: 'post', url: 'https://video.example/watch/waiting' },
      { kind: 'post', url: 'https://video.example/watch/extracted', post: { medias: [] } },
    ]);
    queue.start();
    await queue.idle();
    expect(ids.map((id) => store.get(id)?.state)).toEqual(['paused', 'paused', 'done']);
    expect(store.get(ids[1] as number)?.pauseReason).toBe('out_of_credits');
    expect(paused).toEqual(['out_of_credits']);
    expect(queue.resume(undefined, 'user')).toBe(0);
    expect(queue.resume(undefined, 'out_of_credits')).toBe(2);
  });

  it('puts running jobs back in the queue on close, and a new queue on the same file resumes them', async () => {
    const { store, path } = makeStore();
    const stage = gatedRunner();
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 1, runPost: stage.runner, runPlaylist: stage.runner });
    const [id] = store.add([{ kind: 'post', url: 'https://video.example/watch/long' }]) as [number];
    queue.start();
    await until(() => stage.gates.has(id));
    await queue.close();
    expect(store.get(id)?.state).toBe('queued');

    const reopened = makeStore(path).store;
    const again = gatedRunner();
    const next = new JobQueue({ store: reopened, events: new EventBus(), concurrency: () => 1, runPost: again.runner, runPlaylist: again.runner });
    next.start();
    await until(() => again.gates.has(id));
    again.gates.get(id)?.({ kind: 'done' });
    await next.idle();
    expect(reopened.get(id)?.state).toBe('done');
  });

  it('fails a job whose stage ends in a state the machine does not allow, instead of looping', async () => {
    const { store } = makeStore();
    const skipsStates: JobRunner = async () => ({ kind: 'done' });
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 1, runPost: skipsStates, runPlaylist: skipsStates });
    const [id] = store.add([{ kind: 'post', url: 'https://video.example/watch/x' }]) as [number];
    queue.start();
    await queue.idle();
    expect(store.get(id)).toMatchObject({ state: 'failed', error: { code: 'internal' } });
  });

  it('never starts a job twice while its runner has not yet left the queued state', async () => {
    const { store } = makeStore();
    const starts = new Map<number, number>();
    const slowStart: JobRunner = async (job, context) => {
      starts.set(job.id, (starts.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20)); // e.g. caching thumbnails first
      context.enter('downloading');
      return { kind: 'done' };
    };
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 3, runPost: slowStart, runPlaylist: slowStart });
    store.add([1, 2, 3, 4, 5, 6].map((n) => ({ kind: 'post' as const, url: `https://video.example/watch/${n}` })));
    queue.start();
    queue.pump();
    await queue.idle();
    expect([...starts.values()]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(store.list().every((job) => job.state === 'done')).toBe(true);
  });

  it('keeps the progress a job reached when it is paused, and shows the full size when done', async () => {
    const { store } = makeStore();
    const halfway: JobRunner = (job, context) =>
      new Promise((resolve) => {
        context.enter('downloading');
        context.progress(500, 1000, 100);
        context.progress(600, 1000, 100);
        if (job.url.endsWith('/finish')) resolve({ kind: 'done' });
        context.signal.addEventListener('abort', () => resolve({ kind: 'aborted' }));
      });
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 2, runPost: halfway, runPlaylist: halfway });
    const [paused, finished] = store.add([
      { kind: 'post', url: 'https://video.example/watch/pause' },
      { kind: 'post', url: 'https://video.example/watch/finish' },
    ]) as [number, number];
    queue.start();
    await until(() => store.get(finished)?.state === 'done' && store.get(paused)?.state === 'downloading');
    queue.pause([paused]);
    await until(() => store.get(paused)?.progressBytes === 600);
    expect(store.get(paused)).toMatchObject({ state: 'paused', progressBytes: 600, progressTotal: 1000 });
    expect(store.get(finished)).toMatchObject({ progressBytes: 1000, progressTotal: 1000 });
  });

  it('reorders the queue', () => {
    const { store } = makeStore();
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 0, runPost: gatedRunner().runner, runPlaylist: gatedRunner().runner });
    const ids = store.add([1, 2, 3].map((n) => ({ kind: 'post' as const, url: `https://video.example/watch/${n}` })));
    expect(queue.move(ids[2] as number, 0)).toBe(true);
    expect(store.list().map((job) => job.id)).toEqual([ids[2], ids[0], ids[1]]);
  });
});
