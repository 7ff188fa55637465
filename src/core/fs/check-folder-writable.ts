import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Result } from '../../shared/errors';
import { folderProblem } from './folder-problem';
import type { FolderProblem } from './folder-problem';
import { makeFolder } from './make-folder';

/** A folder on a hung network mount would keep the check waiting forever: it gives up after this. */
export const FOLDER_CHECK_TIMEOUT_MS = 10_000;

const timedOut = (ms: number): Promise<never> =>
  new Promise((_, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(`no answer in ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
    timer.unref();
  });

async function writeProbe(folder: string): Promise<void> {
  await makeFolder(folder);
  // What a download does: create a file, write to it, flush it. Then the probe goes.
  const probe = join(folder, `.trove-write-check-${randomBytes(4).toString('hex')}`);
  const handle = await open(probe, 'wx');
  try {
    await handle.writeFile('trove');
    await handle.sync();
  } finally {
    await handle.close();
    await rm(probe, { force: true });
  }
}

/** Whether downloads can be saved in `folder`: it is made if missing, and a probe file is written and removed. */
export async function checkFolderWritable(folder: string, timeoutMs = FOLDER_CHECK_TIMEOUT_MS): Promise<Result<void, FolderProblem>> {
  try {
    await Promise.race([writeProbe(folder), timedOut(timeoutMs)]);
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, error: folderProblem(error, folder) };
  }
}
