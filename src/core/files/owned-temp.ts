import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { tryLockFile } from '../fs';

/*
 * Temp files written beside a result (ffmpeg's merge and embed outputs) have an owner file
 * beside them, `<base>.<tag>-<id>.owner`, that their writer keeps locked (os-file-lock) from
 * before the temp exists until after it is gone. A process killed mid-write leaves both
 * behind and the OS drops its lock: the next run takes the lock and removes them, while the
 * temp of another Trove still at work in the same folder stays (its lock is held). Neither a
 * pid nor a clock decides: a reused pid can neither keep a leftover nor expose a live temp.
 */

const OWNER = '.owner';
const OWNER_NAME = /^([0-9a-f]{16})\.owner$/u;

export interface OwnedTemp {
  /** `<directory>/<base>.<tag>-<id><extension>`: where the writer writes. */
  path: string;
  /** Removes the temp if it is still there (kept under its final name, it is not), then lets its owner file go. */
  finish(): Promise<void>;
}

/** A new temp name in `directory`, owned by this process until `finish()`; `extension` includes its dot (or is empty). */
export function claimOwnedTemp(directory: string, base: string, tag: string, extension: string): OwnedTemp {
  for (;;) {
    const stem = path.join(directory, `${base}.${tag}-${randomBytes(8).toString('hex')}`);
    const temp = `${stem}${extension}`;
    const attempt = tryLockFile(`${stem}${OWNER}`);
    // Held: a clean-up took the new owner file between its creation and this lock. Another name.
    if (!attempt.ok && attempt.held) continue;
    if (!attempt.ok) {
      // No locks here (or a folder that refuses the file, where ffmpeg will fail clearly):
      // the temp is unowned, and no clean-up ever removes it.
      return { path: temp, finish: () => rm(temp, { force: true }) };
    }
    // The same, a moment later: the clean-up removed the file, this lock is on a deleted file.
    if (!existsSync(`${stem}${OWNER}`)) {
      attempt.lock.release();
      continue;
    }
    const { lock } = attempt;
    return {
      path: temp,
      async finish() {
        await rm(temp, { force: true });
        lock.releaseAndRemove();
      },
    };
  }
}

/**
 * Removes the temps of `base` and `tag` in `directory` whose writer has ended, with their
 * owner files. Only what an owner file vouches for goes: a file that merely looks like a
 * temp (a title, a leftover of a version before owner files) is never touched. Best effort.
 */
export async function removeOrphanedTemps(directory: string, base: string, tag: string): Promise<void> {
  const prefix = `${base}.${tag}-`;
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return;
  }
  for (const name of names) {
    const id = name.startsWith(prefix) ? OWNER_NAME.exec(name.slice(prefix.length))?.[1] : undefined;
    if (id === undefined) continue;
    const attempt = tryLockFile(path.join(directory, name));
    if (!attempt.ok) continue; // its writer is at work (or this folder has no locks: keep it)
    // Its writer has ended, so no temp of this id appears any more: the listing has them all.
    const temps = names.filter((other) => other !== name && other.startsWith(`${prefix}${id}`));
    const removed = await Promise.all(
      temps.map((temp) =>
        rm(path.join(directory, temp), { force: true }).then(
          () => true,
          () => false, // still open elsewhere (Windows): the owner file stays for the next try
        ),
      ),
    );
    if (removed.every(Boolean)) attempt.lock.releaseAndRemove();
    else attempt.lock.release();
  }
}
