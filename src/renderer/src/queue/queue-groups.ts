import type { JobView } from '../../../shared/jobs';

/** How a profile's or playlist's posts are doing, for its group header. */
export interface GroupProgress {
  total: number;
  done: number;
  failed: number;
  /** Still to finish: queued or running, not paused. */
  active: number;
  /** Bytes per second over the posts downloading now. */
  speed: number;
}

export type QueueEntry =
  | { kind: 'job'; job: JobView; child: boolean }
  | { kind: 'group'; job: JobView; progress: GroupProgress; collapsed: boolean };

const ACTIVE = new Set<JobView['state']>(['queued', 'extracting', 'downloading', 'processing']);

export function groupProgress(children: readonly JobView[]): GroupProgress {
  const progress: GroupProgress = { total: children.length, done: 0, failed: 0, active: 0, speed: 0 };
  for (const child of children) {
    if (child.state === 'done') progress.done += 1;
    else if (child.state === 'failed') progress.failed += 1;
    else if (ACTIVE.has(child.state)) progress.active += 1;
    if (child.state === 'downloading') progress.speed += child.progress.speed;
  }
  return progress;
}

/**
 * The rows of the queue, in queue order: a profile or playlist job that queued posts heads
 * a group of them (its header carries their progress), and its posts follow it, or not while
 * it is collapsed. With a filter, a group shows its posts that match and stays while any
 * does; the header's progress always counts them all.
 */
export function queueEntries(jobs: readonly JobView[], shows: (job: JobView) => boolean, collapsed: ReadonlySet<number>): QueueEntry[] {
  const children = new Map<number, JobView[]>();
  const playlists = new Set(jobs.filter((job) => job.kind === 'playlist').map((job) => job.id));
  for (const job of jobs) {
    if (job.parentId === undefined || !playlists.has(job.parentId)) continue;
    const siblings = children.get(job.parentId) ?? [];
    siblings.push(job);
    children.set(job.parentId, siblings);
  }
  const entries: QueueEntry[] = [];
  for (const job of jobs) {
    if (job.parentId !== undefined && playlists.has(job.parentId)) continue;
    const posts = children.get(job.id);
    if (!posts) {
      if (shows(job)) entries.push({ kind: 'job', job, child: false });
      continue;
    }
    const shown = posts.filter(shows);
    if (!shows(job) && shown.length === 0) continue;
    const isCollapsed = collapsed.has(job.id);
    entries.push({ kind: 'group', job, progress: groupProgress(posts), collapsed: isCollapsed });
    if (!isCollapsed) for (const post of shown) entries.push({ kind: 'job', job: post, child: true });
  }
  return entries;
}
