import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Result } from '../../../shared/errors';
import { err, failWith, ok } from '../../../shared/errors';
import type { MediaHeaders } from '../../../shared/post';
import type { Db } from '../../db';
import { sniffImageType } from './image-type';
import { guardDb } from '../../db';
import { claimThumbnail, releaseThumbnails } from './thumbnail-claims';

/** Fetch a URL's whole body; the job queue passes the real downloader. */
export type FetchBytes = (url: string, headers?: MediaHeaders) => Promise<Result<Uint8Array>>;

/** The folder of the data folder that thumbnails are cached in. */
export const THUMBNAILS_FOLDER = 'thumbnails';

export interface ThumbnailCacheOptions {
  readonly db: Db;
  /** Thumbnails go to `<dataDir>/thumbnails/` (THUMBNAILS_FOLDER). */
  readonly dataDir: string;
  readonly fetchBytes: FetchBytes;
  readonly now: () => number;
  /** Larger bodies are refused: a preview is never megabytes. Default 10 MiB. */
  readonly maxBytes?: number;
}

export interface CachedThumbnail {
  readonly path: string;
  readonly sha256: string;
  readonly size: number;
  readonly mime: string;
}

const exists = async (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Previews and avatars are saved when a post is extracted, because their URLs expire.
 * Files are named by the SHA-256 of their bytes, so an avatar shared by a thousand posts
 * is stored once, and a name always means the same picture.
 */
export function createThumbnailCache(options: ThumbnailCacheOptions) {
  const directory = join(options.dataDir, THUMBNAILS_FOLDER);
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const record = options.db.prepare(`
    INSERT INTO thumbnails (sha256, path, size, mime, created_at) VALUES (@sha256, @path, @size, @mime, @now)
    ON CONFLICT (sha256) DO NOTHING`);
  const forget = options.db.prepare<[string]>('DELETE FROM thumbnails WHERE sha256 = ?');

  async function write(path: string, bytes: Uint8Array): Promise<Result<void>> {
    // written aside and renamed, so a crash never leaves a truncated file under the final name
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(directory, { recursive: true });
      await writeFile(temporary, bytes);
      await rename(temporary, path);
      return ok(undefined);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined); // best effort: the write already failed
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      return failWith(code === 'ENOSPC' ? 'disk_full' : 'thumbnail_write_failed', `Could not save a thumbnail to ${path}: ${code}`);
    }
  }

  /**
   * Records the row before looking for the file, so a removal deleting this same file sees
   * the row and puts the file back, or deletes it before the look and it is written again
   * (see remove-post.ts). A row this call added goes again if the write fails.
   */
  async function store(thumbnail: CachedThumbnail, bytes: Uint8Array): Promise<Result<void>> {
    const recorded = guardDb(() => record.run({ ...thumbnail, now: options.now() }).changes > 0);
    if (!recorded.ok) return recorded;
    if (await exists(thumbnail.path)) return ok(undefined);
    const written = await write(thumbnail.path, bytes);
    if (!written.ok && recorded.value) guardDb(() => forget.run(thumbnail.sha256)); // best effort: the write already failed
    return written;
  }

  /** Keeps an image the engine already has (a cover read back from a file) as a thumbnail. */
  async function keep(bytes: Uint8Array): Promise<Result<CachedThumbnail>> {
    if (bytes.byteLength > maxBytes) {
      return err({ code: 'thumbnail_too_large', retryable: false, message: `The thumbnail is ${bytes.byteLength} bytes; the limit is ${maxBytes}.` });
    }
    const type = sniffImageType(bytes);
    if (!type) return err({ code: 'thumbnail_not_image', retryable: false, message: 'The thumbnail is not a JPEG, PNG, GIF, WebP or AVIF image.' });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const path = join(directory, `${sha256}.${type.extension}`);
    const thumbnail = { path, sha256, size: bytes.byteLength, mime: type.mime };
    // Claimed for the post being recorded, before a removal can look (see thumbnail-claims.ts).
    claimThumbnail(options.db, path);
    const stored = await store(thumbnail, bytes);
    if (!stored.ok) releaseThumbnails(options.db, [path]);
    return stored.ok ? ok(thumbnail) : stored;
  }

  return {
    async cache(url: string, headers?: MediaHeaders): Promise<Result<CachedThumbnail>> {
      const fetched = await options.fetchBytes(url, headers);
      return fetched.ok ? keep(fetched.value) : fetched;
    },
    keep,
  };
}

export type ThumbnailCache = ReturnType<typeof createThumbnailCache>;
