import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

/**
 * Writes through a temp file, fsyncs it and renames it over the target, so a crash leaves
 * either the old content or the new one, never a torn file. A failed write (a full disk)
 * removes its temp file and leaves the target as it was.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  // unique per call: two writes in the same millisecond sharing a temp file tore it
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
