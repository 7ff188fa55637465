import { link, lstat, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** `name.ext`, `name (1).ext`, `name (2).ext`, … (a dotfile-like or extensionless name gets the suffix at the end). */
export function numberedName(fileName: string, n: number): string {
  if (n === 0) return fileName;
  const extension = path.extname(fileName);
  const base = fileName.slice(0, fileName.length - extension.length);
  return `${base} (${n})${extension}`;
}

const MAX_CANDIDATES = 10_000;

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error ? String(error.code) : undefined;

// File systems without hard links (FAT, exFAT, some network shares) answer these.
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** Reserves `target` with an empty file, then renames over it; a failed rename takes the reservation back. */
async function moveOverPlaceholder(source: string, target: string): Promise<void> {
  const placeholder = await open(target, 'wx');
  const reserved = await placeholder.stat().finally(() => placeholder.close());
  try {
    await rename(source, target);
  } catch (error) {
    // Only our own empty file goes: never one that took its place meanwhile.
    const now = await lstat(target).catch(() => undefined);
    if (now && now.ino === reserved.ino && now.dev === reserved.dev && now.size === 0) await unlink(target).catch(() => undefined);
    throw error;
  }
}

/**
 * Moves `source` into `directory` under `fileName`, or the first numbered variant that
 * does not exist yet, and returns the path it got. It never replaces an existing file:
 * a hard link fails atomically when the name is taken. Where hard links are unsupported,
 * the name is first reserved with an exclusive create, then replaced by the rename.
 */
export async function moveToUniqueName(source: string, directory: string, fileName: string): Promise<string> {
  let useLinks = true;
  for (let n = 0; n < MAX_CANDIDATES; n++) {
    const target = path.join(directory, numberedName(fileName, n));
    try {
      if (useLinks) {
        await link(source, target);
        await unlink(source);
      } else {
        await moveOverPlaceholder(source, target);
      }
      return target;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EEXIST') continue;
      if (useLinks && code !== undefined && NO_HARD_LINKS.has(code)) {
        useLinks = false;
        n--;
        continue;
      }
      throw error;
    }
  }
  throw Object.assign(new Error(`No free name for ${fileName} in ${directory}.`), { code: 'EEXIST' });
}
