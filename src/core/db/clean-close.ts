import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/*
 * Whether the library file is exactly as Trove's last clean close left it. SQLite's
 * quick_check reads every page (0.6 s for 100,000 posts on 2 cores, at every start), so
 * the start-up check runs only when there is a cause: no clean close on record, a
 * write-ahead log left behind (a crash or power cut: when damage happens, or another
 * Trove process has the library open), or a file changed since (a sync tool, a restore
 * from a backup, a cut copy). A file damaged in place with its size and time unchanged is
 * not checked at start; SQLite still refuses its damaged pages when they are read.
 */

const MARK_SUFFIX = '.closed';
const markSchema = z.object({ size: z.number().int().nonnegative(), mtimeMs: z.number() });
type Mark = z.infer<typeof markSchema>;

const markOf = (path: string): Mark => {
  const stats = statSync(path);
  return { size: stats.size, mtimeMs: stats.mtimeMs };
};

/** Within a millisecond: a copy that keeps the file's time (cp -p, a backup tool) keeps it only that closely. */
const sameTime = (a: number, b: number): boolean => Math.abs(a - b) < 1;

const sizeOf = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

export function unchangedSinceCleanClose(path: string): boolean {
  try {
    const mark = markSchema.parse(JSON.parse(readFileSync(`${path}${MARK_SUFFIX}`, 'utf8')));
    const now = markOf(path);
    return now.size === mark.size && sameTime(now.mtimeMs, mark.mtimeMs) && sizeOf(`${path}-wal`) === 0;
  } catch {
    return false;
  }
}

/** After the library's connection is closed: its file as it is now is known to be whole. */
export function recordCleanClose(path: string): void {
  try {
    writeFileSync(`${path}${MARK_SUFFIX}`, JSON.stringify(markOf(path)));
  } catch {
    // A read-only or full disk: the next start checks the library, which is only slower.
  }
}
