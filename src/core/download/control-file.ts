import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../fs/write-file-atomic';
import type { ByteRange } from './byte-ranges';

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

export const writeControlFile = (path: string, control: ControlFile): Promise<void> => writeFileAtomic(path, JSON.stringify(control));

export const removeControlFile = (path: string): Promise<void> => rm(path, { force: true });
