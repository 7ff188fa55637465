import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../fs';
import type { FileTags } from './file-tags';

/** `photo.jpg` → `photo.json`: the facts of a file that has no container to carry them. */
export const sidecarPath = (file: string): string => path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.json`);

/**
 * Writes the sidecar: what tag-file writes into a container, as JSON, marked as Trove's so a
 * rebuild knows whose it is. False when it could not be written: the file itself is fine.
 */
export async function writeSidecar(file: string, tags: FileTags): Promise<boolean> {
  const { coverPath: _notPortable, ...facts } = tags;
  const body = { writtenBy: 'Trove', version: 1, file: path.basename(file), ...facts };
  try {
    await writeFileAtomic(sidecarPath(file), `${JSON.stringify(body, null, 2)}\n`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The sidecar of `file` when Trove wrote it for that very file, else undefined: a `.json` of
 * the same name that is not ours (the user's own, another tool's) is never touched.
 */
export async function ownSidecarOf(file: string): Promise<string | undefined> {
  const candidate = sidecarPath(file);
  try {
    const body: unknown = JSON.parse(await readFile(candidate, 'utf8'));
    const ours = typeof body === 'object' && body !== null && 'writtenBy' in body && body.writtenBy === 'Trove' && 'file' in body && body.file === path.basename(file);
    return ours ? candidate : undefined;
  } catch {
    return undefined;
  }
}
