import { describe, expect, it } from 'vitest';
import type { JobView } from '../../src/shared/jobs';
import { JobStore } from '../../src/renderer/src/queue/job-store';

const job = (id: number, position: number, updatedAt = 1, bytes = 0): JobView => ({
  id,
  kind: 'post',
  url: `https://video.example/watch/${id}`,
  state: 'downloading',
  position,
  title: `Clip ${id}`,
  progress: { bytes, speed: 0 },
  attempts: 1,
  files: [],
  createdAt: 0,
  updatedAt,
});

/** A frame scheduler the test advances by hand. */
function frames() {
  const queued: Array<() => void> = [];
  return { schedule: (flush: () => void) => queued.push(flush), next: () => queued.splice(0).forEach((flush) => flush()), pending: () => queued.length };
}

describe('JobStore', () => {
  it('coalesces many updates into one notification per frame', () => {
    const clock = frames();
    const store = new JobStore(clock.schedule);
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.replaceAll([job(1, 1), job(2, 2)]);
    for (let bytes = 1; bytes <= 300; bytes += 1) store.upsert(job(1, 1, 1 + bytes, bytes));
    expect(clock.pending()).toBe(1);
    expect(notified).toBe(0);
    clock.next();
    expect(notified).toBe(1);
    expect(store.snapshot().find((entry) => entry.id === 1)?.progress.bytes).toBe(300);
  });

  it('keeps the snapshot in queue order and stable until something changes', () => {
    const clock = frames();
    const store = new JobStore(clock.schedule);
    store.replaceAll([job(3, 30), job(1, 10), job(2, 20)]);
    clock.next();
    const first = store.snapshot();
    expect(first.map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(store.snapshot()).toBe(first);
    store.upsert(job(3, 5, 2));
    clock.next();
    expect(store.snapshot().map((entry) => entry.id)).toEqual([3, 1, 2]);
  });

  it('ignores an update older than the one it holds, and removes jobs', () => {
    const clock = frames();
    const store = new JobStore(clock.schedule);
    store.upsert(job(1, 1, 10, 500));
    store.upsert(job(1, 1, 5, 100));
    clock.next();
    expect(store.get(1)?.progress.bytes).toBe(500);
    store.remove(1);
    store.remove(99);
    clock.next();
    expect(store.snapshot()).toEqual([]);
  });
});
