import { open } from 'node:fs/promises';

/** Flushes a finished file to disk, so the name it gets next never points at lost data after a power cut. */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
