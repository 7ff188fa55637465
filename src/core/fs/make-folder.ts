import { mkdir, stat } from 'node:fs/promises';
import { dirname, parse, resolve } from 'node:path';
import { errnoOf } from './errno-of';

const withCode = (code: string, message: string): NodeJS.ErrnoException => Object.assign(new Error(message), { code });

/**
 * Creates a folder and the folders above it, one level at a time, and fails at the first
 * level that cannot be made. Node's own `mkdir(…, { recursive: true })` is not used for
 * user-chosen folders: under /proc it loops forever at 100% CPU (mkdir says ENOENT although
 * the parent exists, so libuv keeps climbing back down), holding a thread-pool thread that no
 * signal can free, and shutdown waited on it. Here each level is tried once, so the walk is
 * bounded by the depth of the path. Rejects with an errno error (ENOTDIR for a path through
 * a file, ENOENT for a file system that refuses new folders, EACCES…).
 */
export async function makeFolder(path: string, mode?: number): Promise<void> {
  const target = resolve(path);
  const missing: string[] = [];
  let current = target;
  for (;;) {
    const found = await stat(current).then(
      (stats) => stats,
      (error: unknown) => {
        const code = errnoOf(error);
        if (code === 'ENOENT') return undefined;
        throw error;
      },
    );
    if (found) {
      if (!found.isDirectory()) throw withCode('ENOTDIR', `Not a folder: ${current}`);
      break;
    }
    missing.push(current);
    if (current === parse(current).root) break;
    current = dirname(current);
  }
  for (const folder of missing.reverse()) {
    try {
      await mkdir(folder, mode === undefined ? undefined : { mode });
    } catch (error) {
      // Another writer made it in between: fine if it is a folder.
      if (errnoOf(error) !== 'EEXIST' || !(await stat(folder)).isDirectory()) throw error;
    }
  }
}
