import { access, constants, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { FolderFacts } from '../../shared/diagnostics';

/** The folder itself, or the nearest folder above it that exists: where it would be created. */
async function nearestExisting(folder: string): Promise<{ directory: string; exists: boolean } | undefined> {
  let current = path.resolve(folder);
  for (;;) {
    try {
      const found = await stat(current);
      if (!found.isDirectory()) return undefined; // a file stands where a folder should be
      return { directory: current, exists: current === path.resolve(folder) };
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return undefined;
      current = parent;
    }
  }
}

/**
 * Whether a folder exists, can be written (or created) and how much room its disk has.
 * Read-only: it creates, writes and deletes nothing, so asking is always safe.
 */
export async function folderFacts(folder: string): Promise<FolderFacts> {
  const facts: FolderFacts = { path: folder, exists: false, writable: false, freeBytes: null, totalBytes: null };
  const existing = await nearestExisting(folder);
  if (!existing) return facts;
  facts.exists = existing.exists;
  try {
    await access(existing.directory, constants.W_OK | constants.X_OK);
    facts.writable = true;
  } catch {
    // Not ours to write: a problem reports it.
  }
  try {
    const disk = await statfs(existing.directory);
    // bavail: the blocks an unprivileged user may use (root's reserve excluded), as df shows.
    facts.freeBytes = disk.bavail * disk.bsize;
    facts.totalBytes = disk.blocks * disk.bsize;
  } catch {
    // Some file systems do not tell; the facts say "unknown" rather than guess.
  }
  return facts;
}
