import type { Db } from '../../db';

const MAX_ENTRIES = 200;

/**
 * Counts remembered until the database changes. Scrolling a filtered grid asks for the same
 * total with every page, and counting tens of thousands of matches costs more than the page
 * itself. Any change empties it: a commit by another connection moves `data_version`, a row
 * written through this one (triggers included, even if rolled back) moves `total_changes()`.
 */
export function createTotalCache(db: Db) {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  const totals = new Map<string, number>();
  let stamp = '';

  return (key: string, count: () => number): number => {
    const now = `${String(dataVersion.get())}:${String(totalChanges.get())}`;
    if (now !== stamp) {
      totals.clear();
      stamp = now;
    }
    let total = totals.get(key);
    if (total === undefined) {
      total = count();
      if (totals.size >= MAX_ENTRIES) totals.delete(totals.keys().next().value as string);
      totals.set(key, total);
    }
    return total;
  };
}
