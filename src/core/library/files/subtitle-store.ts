import type { Db } from '../../db';
import type { FileStore } from './file-store';
import type { SubtitleInput, SubtitleRecord } from '../library-types';

interface SubtitleRow {
  file_id: number;
  post_id: number;
  language_tag: string;
  language_name: string | null;
  format: string;
  path: string;
  size: number;
}

const toSubtitleRecord = (row: SubtitleRow): SubtitleRecord => ({
  fileId: row.file_id,
  postId: row.post_id,
  languageTag: row.language_tag,
  languageName: row.language_name,
  format: row.format,
  path: row.path,
  size: row.size,
});

const SELECT = `
  SELECT s.file_id, s.post_id, s.language_tag, s.language_name, s.format, f.path, f.size
  FROM subtitles s JOIN files f ON f.id = s.file_id`;

/** Saved subtitles: a file of kind "subtitle" plus its language and format, written together. */
export function createSubtitleStore(db: Db, files: FileStore) {
  const upsert = db.prepare(`
    INSERT INTO subtitles (file_id, post_id, language_tag, language_name, format)
    VALUES (@file_id, @post_id, @language_tag, @language_name, @format)
    ON CONFLICT (file_id) DO UPDATE SET
      post_id = excluded.post_id, language_tag = excluded.language_tag,
      language_name = excluded.language_name, format = excluded.format`);
  const one = db.prepare<[number], SubtitleRow>(`${SELECT} WHERE s.file_id = ?`);
  const list = db.prepare<[number], SubtitleRow>(`${SELECT} WHERE s.post_id = ? ORDER BY s.language_tag, s.format`);

  return {
    addSubtitle: db.transaction((input: SubtitleInput): SubtitleRecord => {
      const file = files.addFile({ ...input, kind: 'subtitle' });
      upsert.run({
        file_id: file.id,
        post_id: input.postId,
        language_tag: input.languageTag,
        language_name: input.languageName ?? null,
        format: input.format,
      });
      const row = one.get(file.id);
      if (!row) throw new Error('subtitle row missing right after its insert');
      return toSubtitleRecord(row);
    }),
    listSubtitles: (postId: number): SubtitleRecord[] => list.all(postId).map(toSubtitleRecord),
  };
}
