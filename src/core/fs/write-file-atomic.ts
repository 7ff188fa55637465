import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

/** Private to the user unless asked otherwise: settings and state files are nobody else's business. */
const PRIVATE_FILE_MODE = 0o600;
/** What a downloaded file gets: 0666 less the umask (0644 with the usual 022). */
export const SHARED_FILE_MODE = 0o666;

/**
 * Writes through a temp file, fsyncs it and renames it over the target, so a crash leaves
 * either the old content or the new one, never a torn file. A failed write (a full disk)
 * removes its temp file and leaves the target as it was.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = PRIVATE_FILE_MODE): Promise<void> {
  // unique per call: two writes in the same millisecond sharing a temp file tore it
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'w', mode);
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
