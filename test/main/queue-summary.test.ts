import { describe, expect, it } from 'vitest';
import { summarizeQueue } from '../../src/main/queue-summary';
import type { JobState, JobView } from '../../src/shared/jobs';

let nextId = 1;
const job = (state: JobState, bytes = 0, total?: number): JobView => ({
  id: nextId++,
  kind: 'post',
  url: 'https://video.example/watch/a',
  state,
  position: nextId,
  title: 'A clip',
  progress: { bytes, speed: 0, ...(total === undefined ? {} : { total }) },
  attempts: 0,
  files: [],
  createdAt: 0,
  updatedAt: 0,
});

describe('summarizeQueue', () => {
  it('counts jobs by state and what is still pending', () => {
    const summary = summarizeQueue([job('queued'), job('downloading', 10, 100), job('done'), job('failed'), job('paused')]);
    expect(summary.counts).toMatchObject({ queued: 1, downloading: 1, done: 1, failed: 1, paused: 1 });
    expect(summary.pending).toBe(2);
  });

  it('reports progress over the running jobs with a known size', () => {
    const summary = summarizeQueue([job('downloading', 50, 100), job('processing', 300, 300), job('extracting')]);
    expect(summary.progress).toBeCloseTo(350 / 400);
  });

  it('has no progress when nothing runs, and zero while sizes are unknown', () => {
    expect(summarizeQueue([job('done'), job('queued')]).progress).toBeUndefined();
    expect(summarizeQueue([job('extracting')]).progress).toBe(0);
  });
});
