import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import type { Db } from '../../db';
import { ownSidecarOf } from '../../media';
import { isThumbnailClaimed } from '../thumbnails/thumbnail-claims';

export interface FileRemoval {
  readonly path: string;
  /** deleted; missing (already gone); kept (record-only removal); failed (see message). */
  readonly outcome: 'deleted' | 'missing' | 'kept' | 'failed';
  readonly message?: string;
}

export interface RemovedPost {
  readonly postId: number;
  readonly files: string[];
  /** The images among files: each may have a sidecar `.json` beside it (see media/sidecar.ts). */
  readonly images: string[];
  readonly thumbnails: string[];
}

export interface RemovalReport {
  readonly postId: number;
  readonly files: FileRemoval[];
  /** Cached previews and avatars no other post or profile uses any more. */
  readonly thumbnails: FileRemoval[];
}

const THUMBNAIL_USERS = `
  SELECT author_avatar_path AS path FROM posts WHERE author_avatar_path IS NOT NULL
  UNION SELECT preview_path FROM media_items WHERE preview_path IS NOT NULL
  UNION SELECT avatar_path FROM profiles WHERE avatar_path IS NOT NULL`;

async function deleteFile(path: string): Promise<FileRemoval> {
  try {
    await rm(path);
    return { path, outcome: 'deleted' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { path, outcome: 'missing' };
    return { path, outcome: 'failed', message: `Could not delete ${path}: ${code ?? String(error)}` };
  }
}

/**
 * Remove a post's records in one transaction (media, files, subtitles and links follow by
 * cascade); disposeFiles then deletes, outside it, the files themselves when asked. The
 * thumbnails the post alone used are cache, not the user's files, so they always go.
 */
export function createPostRemover(db: Db) {
  const filePaths = db.prepare<[number], { path: string; kind: string }>('SELECT path, kind FROM files WHERE post_id = ?');
  const thumbnailCandidates = db.prepare<[number, number], { path: string }>(`
    SELECT author_avatar_path AS path FROM posts WHERE id = ? AND author_avatar_path IS NOT NULL
    UNION SELECT preview_path FROM media_items WHERE post_id = ? AND preview_path IS NOT NULL`);
  const deletePost = db.prepare<[number]>('DELETE FROM posts WHERE id = ?');
  const stillUsed = db.prepare<[string], { used: 0 | 1 }>(`SELECT ? IN (${THUMBNAIL_USERS}) AS used`);
  const forgetThumbnail = db.prepare<[string]>('DELETE FROM thumbnails WHERE path = ?');

  /** undefined when there is no such post. */
  return db.transaction((postId: number): RemovedPost | undefined => {
    const rows = filePaths.all(postId);
    const files = rows.map((row) => row.path);
    const images = rows.filter((row) => row.kind === 'image').map((row) => row.path);
    const candidates = thumbnailCandidates.all(postId, postId).map((row) => row.path);
    if (deletePost.run(postId).changes === 0) return undefined;
    // only what the thumbnail cache wrote is ours to delete, and not while a post being downloaded claims it
    const thumbnails = candidates.filter(
      (path) => stillUsed.get(path)?.used === 0 && !isThumbnailClaimed(db, path) && forgetThumbnail.run(path).changes > 0,
    );
    return { postId, files, images, thumbnails };
  });
}

/**
 * A thumbnail is shared by SHA-256 name, so another post may cache the same picture again
 * while this one is being deleted (its row re-recorded, its file found in place and kept).
 * The file is first set aside, atomically; only if its row is still gone then is it deleted,
 * else it is put back. The cache records the row before it looks for the file, so either
 * the row is seen here or the file is found missing there and written again.
 */
async function deleteThumbnail(path: string, recorded: (path: string) => boolean): Promise<FileRemoval> {
  const aside = `${path}.${randomBytes(6).toString('hex')}.removing`;
  try {
    await rename(path, aside);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { path, outcome: 'missing' };
    return { path, outcome: 'failed', message: `Could not delete ${path}: ${code ?? String(error)}` };
  }
  if (!recorded(path)) return { ...(await deleteFile(aside)), path };
  // same name, same bytes: putting it back over a fresh copy changes nothing
  await rename(aside, path).catch(() => rm(aside, { force: true }));
  return { path, outcome: 'kept' };
}

/** An image's sidecar goes with it, reported like the file; none written by Trove, nothing to report. */
async function deleteOwnSidecar(image: string): Promise<FileRemoval[]> {
  const sidecar = await ownSidecarOf(image);
  return sidecar === undefined ? [] : [await deleteFile(sidecar)];
}

/** After the records are gone: delete the files (when asked) and the orphaned thumbnails. */
export function createFileDisposer(db: Db) {
  const thumbnailRow = db.prepare<[string], { found: 1 }>('SELECT 1 AS found FROM thumbnails WHERE path = ?');
  const recorded = (path: string): boolean => thumbnailRow.get(path) !== undefined;
  return async (removed: RemovedPost, deleteFiles: boolean): Promise<RemovalReport> => {
    const files = deleteFiles
      ? [...(await Promise.all(removed.files.map(deleteFile))), ...(await Promise.all(removed.images.map(deleteOwnSidecar))).flat()]
      : removed.files.map((path): FileRemoval => ({ path, outcome: 'kept' }));
    return { postId: removed.postId, files, thumbnails: await Promise.all(removed.thumbnails.map((path) => deleteThumbnail(path, recorded))) };
  };
}
