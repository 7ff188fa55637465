import { describe, expect, it } from 'vitest';
import type { JobView } from '../../src/shared/jobs';
import { matchesFilter } from '../../src/renderer/src/queue/queue-filter';
import { queueEntries } from '../../src/renderer/src/queue/queue-groups';

const job = (id: number, state: JobView['state'], extra: Partial<JobView> = {}): JobView => ({
  id,
  kind: 'post',
  url: `https://video.example/watch/${id}`,
  state,
  position: id,
  title: `Job ${id}`,
  progress: { bytes: 0, speed: state === 'downloading' ? 500 : 0 },
  attempts: 0,
  files: [],
  createdAt: 0,
  updatedAt: 0,
  ...extra,
});

// A lone post, a profile with three posts (queued after another lone post), an empty playlist.
const jobs = [
  job(1, 'done'),
  job(2, 'done', { kind: 'playlist' }),
  job(3, 'queued'),
  job(4, 'done', { parentId: 2 }),
  job(5, 'downloading', { parentId: 2 }),
  job(6, 'failed', { parentId: 2 }),
  job(7, 'extracting', { kind: 'playlist' }),
];
const shape = (entries: ReturnType<typeof queueEntries>) => entries.map((entry) => (entry.kind === 'group' ? `group ${entry.job.id}` : entry.child ? `  ${entry.job.id}` : `${entry.job.id}`));

describe('queueEntries', () => {
  it("puts a profile's posts under it, with their progress, in queue order", () => {
    const entries = queueEntries(jobs, () => true, new Set());
    expect(shape(entries)).toEqual(['1', 'group 2', '  4', '  5', '  6', '3', '7']);
    expect(entries[1]).toMatchObject({ kind: 'group', collapsed: false, progress: { total: 3, done: 1, failed: 1, active: 1, speed: 500 } });
  });

  it('folds a collapsed group to its header, which still counts every post', () => {
    const entries = queueEntries(jobs, () => true, new Set([2]));
    expect(shape(entries)).toEqual(['1', 'group 2', '3', '7']);
    expect(entries[1]).toMatchObject({ collapsed: true, progress: { total: 3, done: 1 } });
  });

  it('with a filter, keeps a group while any of its posts shows, and only those posts', () => {
    expect(shape(queueEntries(jobs, (candidate) => matchesFilter(candidate, 'failed'), new Set()))).toEqual(['group 2', '  6']);
    expect(shape(queueEntries(jobs, (candidate) => matchesFilter(candidate, 'active'), new Set()))).toEqual(['group 2', '  5', '3', '7']);
    expect(shape(queueEntries(jobs, (candidate) => matchesFilter(candidate, 'paused'), new Set()))).toEqual([]);
  });
});
