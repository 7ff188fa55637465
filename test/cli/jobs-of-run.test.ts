import { describe, expect, it } from 'vitest';
import { jobsOfRun } from '../../src/cli/jobs-of-run';
import { jobView } from './job-view';

describe('jobsOfRun', () => {
  it('keeps the jobs a run started and everything they spawned, in list order', () => {
    const all = [
      jobView({ id: 1 }),
      jobView({ id: 2, kind: 'playlist' }),
      jobView({ id: 3, parentId: 2 }),
      jobView({ id: 4, parentId: 9 }),
      jobView({ id: 5, parentId: 3 }),
      jobView({ id: 6 }),
    ];
    expect(jobsOfRun(all, [2, 6]).map((job) => job.id)).toEqual([2, 3, 5, 6]);
    expect(jobsOfRun(all, [])).toEqual([]);
  });
});
