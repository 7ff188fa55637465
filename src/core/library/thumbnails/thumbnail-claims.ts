import type { Db } from '../../db';

/*
 * Thumbnails cached for a post not recorded yet: a job caches them when it starts and records
 * its post only after its media are downloaded, minutes later. Meanwhile no row names them,
 * yet removing another post that used the same picture (the creator's avatar, typically)
 * must not delete them. Claims are counted per path and per connection, in memory: a job
 * that fails before recording its post keeps its claim until the app restarts, which only
 * keeps a small file.
 */

const claims = new WeakMap<Db, Map<string, number>>();

function claimsOf(db: Db): Map<string, number> {
  let counts = claims.get(db);
  if (!counts) {
    counts = new Map();
    claims.set(db, counts);
  }
  return counts;
}

export function claimThumbnail(db: Db, path: string): void {
  const counts = claimsOf(db);
  counts.set(path, (counts.get(path) ?? 0) + 1);
}

/** The paths a write just recorded (or a failed caching gives up); unclaimed paths are ignored. */
export function releaseThumbnails(db: Db, paths: Iterable<string | undefined>): void {
  const counts = claims.get(db);
  if (!counts) return;
  for (const path of paths) {
    const count = path === undefined ? undefined : counts.get(path);
    if (path === undefined || count === undefined) continue;
    if (count > 1) counts.set(path, count - 1);
    else counts.delete(path);
  }
}

export const isThumbnailClaimed = (db: Db, path: string): boolean => claims.get(db)?.has(path) ?? false;
