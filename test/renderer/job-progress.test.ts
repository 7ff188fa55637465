import { describe, expect, it } from 'vitest';
import type { JobView } from '../../src/shared/jobs';
import { downloaded, progressFraction } from '../../src/renderer/src/queue/job-progress';

const job = (state: JobView['state'], bytes: number, total?: number) => ({ state, progress: { bytes, speed: 0, ...(total !== undefined ? { total } : {}) } });

describe('a job\'s progress bar', () => {
  it('measures a download by its bytes, and is busy while the total is unknown', () => {
    expect(progressFraction(job('downloading', 50, 200))).toBe(0.25);
    expect(progressFraction(job('downloading', 50))).toBeUndefined();
    expect(progressFraction(job('paused', 50, 200))).toBe(0.25);
    expect(progressFraction(job('queued', 0))).toBe(0);
  });

  it('does not fall back to empty while merging, when the engine\'s byte count may lag (0 of 136.6 kB)', () => {
    expect(progressFraction(job('processing', 0, 136_637))).toBeUndefined();
    expect(downloaded('processing')).toBe(true);
    expect(progressFraction(job('done', 0, 136_637))).toBe(1);
    expect(downloaded('downloading')).toBe(false);
  });
});
