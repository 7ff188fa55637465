import { mkdir, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** A lock older than this belongs to a process that died mid-generation. */
const STALE_MS = 120_000;
const POLL_MS = 50;

/**
 * Runs `work` while holding a cross-process lock (an atomic mkdir), so parallel test
 * workers that start sandboxes at once generate the sample media only once.
 */
export async function withDirLock<T>(lockDir: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await mkdir(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lockDir).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_MS) await rm(lockDir, { recursive: true, force: true });
      else await sleep(POLL_MS);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}
