import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isProcessRunning } from '../fs/is-process-running';

/*
 * Temp files written beside a result (ffmpeg's merge and embed outputs) carry the id of
 * the process writing them. A process killed mid-write leaves its temp behind; the next
 * run can then tell that orphan (its process is gone) from the temp of another Trove
 * still at work in the same folder, and remove only the orphan.
 */

/** `<base>.<tag>-<pid>-<random><extension>`; `extension` includes its dot (or is empty). */
export const ownedTempName = (base: string, tag: string, extension: string): string =>
  `${base}.${tag}-${process.pid}-${randomBytes(4).toString('hex')}${extension}`;

/** Removes the temps of `base` and `tag` in `directory` whose writing process has exited. Best effort. */
export async function removeOrphanedTemps(directory: string, base: string, tag: string): Promise<void> {
  const prefix = `${base}.${tag}-`;
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return;
  }
  const orphans = names.filter((name) => {
    if (!name.startsWith(prefix)) return false;
    const pid = /^(\d+)-[0-9a-f]{8}(?:\.[^.]*)?$/u.exec(name.slice(prefix.length))?.[1];
    return pid !== undefined && Number(pid) !== process.pid && !isProcessRunning(Number(pid));
  });
  // A file still open elsewhere (Windows) stays; the next merge tries again.
  await Promise.all(orphans.map((name) => rm(path.join(directory, name), { force: true }).catch(() => undefined)));
}
