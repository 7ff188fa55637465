import { describe, expect, it } from 'vitest';
import type { JobView } from '../../src/shared/jobs';
import { firstRunningIndex } from '../../src/renderer/src/queue/first-running-index';
import { summarizeQueue } from '../../src/renderer/src/queue/queue-summary';

const job = (id: number, state: JobView['state'], progress: JobView['progress']): JobView => ({
  id,
  kind: 'post',
  url: `https://video.example/watch/${id}`,
  state,
  position: id,
  title: `Job ${id}`,
  progress,
  attempts: 0,
  files: [],
  createdAt: 0,
  updatedAt: 0,
});

describe('summarizeQueue', () => {
  it('adds up the speed of running downloads and the bytes still to come, and says when they will be in', () => {
    const summary = summarizeQueue([
      job(1, 'downloading', { bytes: 1_000, total: 5_000, speed: 1_000 }),
      job(2, 'downloading', { bytes: 0, total: 3_000, speed: 1_000 }),
      job(3, 'queued', { bytes: 0, total: 2_000, speed: 0 }),
      job(4, 'queued', { bytes: 0, speed: 0 }), // size not known yet: counted as a job, not as bytes
      job(5, 'done', { bytes: 9_000, total: 9_000, speed: 0 }),
      job(6, 'paused', { bytes: 0, total: 7_000, speed: 0 }),
    ]);
    expect(summary).toEqual({ active: 4, speed: 2_000, remainingBytes: 9_000, etaSeconds: 4.5 });
  });

  it('has no time to finish while nothing moves', () => {
    expect(summarizeQueue([job(1, 'queued', { bytes: 0, total: 10, speed: 0 })]).etaSeconds).toBeUndefined();
  });
});

describe('firstRunningIndex', () => {
  it('finds the first job that is running now, past the waiting ones', () => {
    const jobs = [job(1, 'queued', { bytes: 0, speed: 0 }), job(2, 'queued', { bytes: 0, speed: 0 }), job(3, 'downloading', { bytes: 1, speed: 1 })];
    expect(firstRunningIndex(jobs)).toBe(2);
    expect(firstRunningIndex(jobs.slice(0, 2))).toBe(-1);
  });
});
