import { createHash } from 'node:crypto';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ByteRange } from './byte-ranges';
import { errnoOf } from './download-error';

/*
 * The control file beside a `.part` (`<name>.part.json`): what the part holds, so a later
 * run can resume it. Signed media URLs change at every extraction, so the URL itself is not
 * stored; the resource is identified by its validator (ETag / Last-Modified, checked by the
 * server through If-Range) and its total size. Without a validator, a hash of host and path
 * (signed URLs keep their path, only the query changes) is the best evidence left.
 */

const rangeSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]).refine(([start, end]) => end > start);

export const controlFileSchema = z.object({
  version: z.literal(1),
  resource: z.string(),
  etag: z.string().optional(),
  lastModified: z.string().optional(),
  total: z.number().int().nonnegative().nullable(),
  done: z.array(rangeSchema),
});
export interface ControlFile {
  version: 1;
  resource: string;
  etag?: string;
  lastModified?: string;
  total: number | null;
  done: ByteRange[];
}

/** Hash of the URL's host and path: stable across re-signing, never the signed URL itself. */
export const resourceFingerprint = (url: URL): string =>
  createHash('sha256').update(`${url.host}${url.pathname}`).digest('hex').slice(0, 32);

/** The stored state, or undefined when there is none or it is unreadable (then the part is not trusted). */
export async function readControlFile(path: string): Promise<ControlFile | undefined> {
  try {
    const parsed = controlFileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? (parsed.data as ControlFile) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Rewritten about once a second while bytes arrive, so unlike settings it is not fsynced
 * (a lost update costs a little resume progress, never correctness: the part is verified
 * by size and validator). Normally a temp file renamed over the old one; on a full disk,
 * where the temp file cannot get a block, the old file's block is overwritten in place,
 * so the progress made up to the moment the disk filled is not lost.
 */
export async function writeControlFile(path: string, control: ControlFile): Promise<void> {
  const text = JSON.stringify(control);
  const temp = `${path}.tmp`;
  try {
    await writeFile(temp, text);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    const code = errnoOf(error);
    if (code !== 'ENOSPC' && code !== 'EDQUOT') throw error;
    const handle = await open(path, 'r+');
    try {
      await handle.write(text, 0);
      await handle.truncate(Buffer.byteLength(text));
    } finally {
      await handle.close();
    }
  }
}

export const removeControlFile = (path: string): Promise<void> => rm(path, { force: true });
