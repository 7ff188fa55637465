import type { Db } from '../../db';
import type { FileInput, FileKind, FileRecord } from '../library-types';

interface FileRow {
  id: number;
  post_id: number;
  media_index: number | null;
  path: string;
  size: number;
  kind: FileKind;
  codecs: string | null;
  sha256: string | null;
  created_at: number;
}

const toFileRecord = (row: FileRow): FileRecord => ({
  id: row.id,
  postId: row.post_id,
  mediaIndex: row.media_index,
  path: row.path,
  size: row.size,
  kind: row.kind,
  codecs: row.codecs,
  sha256: row.sha256,
  createdAt: row.created_at,
});

/** Files on disk that belong to a post. A path is recorded once: writing it again replaces the record. */
export function createFileStore(db: Db, now: () => number) {
  const upsert = db.prepare<Record<string, unknown>, FileRow>(`
    INSERT INTO files (post_id, media_index, path, size, kind, codecs, sha256, created_at)
    VALUES (@post_id, @media_index, @path, @size, @kind, @codecs, @sha256, @now)
    ON CONFLICT (path) DO UPDATE SET
      post_id = excluded.post_id, media_index = excluded.media_index, size = excluded.size,
      kind = excluded.kind, codecs = excluded.codecs, sha256 = excluded.sha256, created_at = excluded.created_at
    RETURNING *`);
  const list = db.prepare<[number], FileRow>('SELECT * FROM files WHERE post_id = ? ORDER BY media_index, id');
  const all = db.prepare<[], FileRow>('SELECT * FROM files ORDER BY id');
  const move = db.prepare<{ id: number; path: string; size: number }, FileRow>('UPDATE files SET path = @path, size = @size WHERE id = @id RETURNING *');

  return {
    addFile(input: FileInput): FileRecord {
      const row = upsert.get({
        post_id: input.postId,
        media_index: input.mediaIndex ?? null,
        path: input.path,
        size: input.size,
        kind: input.kind,
        codecs: input.codecs ?? null,
        sha256: input.sha256 ?? null,
        now: now(),
      });
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return toFileRecord(row);
    },
    listFiles: (postId: number): FileRecord[] => list.all(postId).map(toFileRecord),
    /** Every file the library knows, for a rebuild to tell which are gone. */
    listAllFiles: (): FileRecord[] => all.all().map(toFileRecord),
    /** A file found again under another name (moved or renamed): the same record, its new place. */
    moveFile: (id: number, path: string, size: number): FileRecord | undefined => {
      const row = move.get({ id, path, size });
      return row ? toFileRecord(row) : undefined;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
