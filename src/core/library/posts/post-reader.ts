import type { MediaType } from '../../../shared/post';
import type { Db } from '../../db';
import type { FileStore } from '../files/file-store';
import type { ChosenVariant, LibraryPost, LibraryPostDetail, MediaItemRecord, SubtitleRecord } from '../library-types';
import { chosenVariantSchema } from '../library-types';
import type { PostRow } from './post-row';
import { POST_COLUMNS, toLibraryPost } from './post-row';

interface MediaRow {
  media_index: number;
  media_type: MediaType;
  duration: number | null;
  preview_path: string | null;
  variant: string | null;
}

/** Stored by us, but read defensively: a record we cannot understand is shown without it. */
const parseVariant = (json: string | null): ChosenVariant | null => {
  if (json === null) return null;
  return chosenVariantSchema.safeParse(JSON.parse(json)).data ?? null;
};

const toMediaItem = (row: MediaRow): MediaItemRecord => ({
  index: row.media_index,
  mediaType: row.media_type,
  duration: row.duration,
  previewPath: row.preview_path,
  variant: parseVariant(row.variant),
});

export function createPostReader(
  db: Db,
  files: FileStore,
  subtitles: { listSubtitles: (postId: number) => SubtitleRecord[] },
) {
  const post = db.prepare<[number], PostRow>(`SELECT ${POST_COLUMNS} FROM posts p WHERE p.id = ?`);
  const media = db.prepare<[number], MediaRow>(
    'SELECT media_index, media_type, duration, preview_path, variant FROM media_items WHERE post_id = ? ORDER BY media_index',
  );

  const getSummary = (id: number): LibraryPost | null => {
    const row = post.get(id);
    return row ? toLibraryPost(row) : null;
  };

  return {
    getSummary,
    /** Read in one transaction, so a post and its parts come from the same moment. */
    getPost: db.transaction((id: number): LibraryPostDetail | null => {
      const summary = getSummary(id);
      if (!summary) return null;
      return {
        ...summary,
        media: media.all(id).map(toMediaItem),
        files: files.listFiles(id),
        subtitles: subtitles.listSubtitles(id),
      };
    }),
  };
}
