import { describe, expect, it } from 'vitest';
import { JOB_STATES } from '../../../src/shared/jobs';
import { canTransition } from '../../../src/core/jobs/job-state';

describe('job state machine', () => {
  it('follows the happy path', () => {
    expect(canTransition('queued', 'extracting')).toBe(true);
    expect(canTransition('extracting', 'downloading')).toBe(true);
    expect(canTransition('downloading', 'processing')).toBe(true);
    expect(canTransition('processing', 'done')).toBe(true);
  });

  it('never leaves done', () => {
    for (const to of JOB_STATES) expect(canTransition('done', to)).toBe(false);
  });

  it('lets every active state fail, pause, cancel or be re-queued', () => {
    for (const from of ['extracting', 'downloading', 'processing'] as const) {
      for (const to of ['failed', 'paused', 'canceled', 'queued'] as const) expect(canTransition(from, to)).toBe(true);
    }
  });

  it('resumes only through the queue', () => {
    expect(canTransition('paused', 'queued')).toBe(true);
    expect(canTransition('paused', 'downloading')).toBe(false);
    expect(canTransition('failed', 'queued')).toBe(true);
    expect(canTransition('failed', 'done')).toBe(false);
    expect(canTransition('canceled', 'queued')).toBe(true);
  });

  it('refreshes an expired link by going back to extracting, never the other way round', () => {
    expect(canTransition('downloading', 'extracting')).toBe(true);
    expect(canTransition('processing', 'extracting')).toBe(false);
    expect(canTransition('queued', 'done')).toBe(false);
  });
});
