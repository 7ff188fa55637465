import type { Db } from '../../db';
import type { FileStore } from './file-store';
import type { SubtitleInput, SubtitleRecord } from '../library-types';
import type { Cue } from '../../../shared/subtitles';
import { createCueIndex } from '../said/cue-index';

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

/**
 * Saved subtitles: a file of kind "subtitle" plus its language and format, written together
 * with the track's cues in the said index (so every path that records subtitles keeps it right).
 */
export function createSubtitleStore(db: Db, files: FileStore) {
  const upsert = db.prepare(`
    INSERT INTO subtitles (file_id, post_id, language_tag, language_name, format)
    VALUES (@file_id, @post_id, @language_tag, @language_name, @format)
    ON CONFLICT (file_id) DO UPDATE SET
      post_id = excluded.post_id, language_tag = excluded.language_tag,
      language_name = excluded.language_name, format = excluded.format`);
  const one = db.prepare<[number], SubtitleRow>(`${SELECT} WHERE s.file_id = ?`);
  const list = db.prepare<[number], SubtitleRow>(`${SELECT} WHERE s.post_id = ? ORDER BY s.language_tag, s.format`);
  // the file record goes, its subtitles row and cues follow by cascade
  const remove = db.prepare<[number]>(`DELETE FROM files WHERE id = ? AND kind = 'subtitle'`);
  const indexCues = createCueIndex(db);

  return {
    /** `cues`: the file's, read by the caller outside the transaction; a track saved again replaces its cues. */
    addSubtitle: db.transaction((input: SubtitleInput, cues: readonly Cue[]): SubtitleRecord => {
      const file = files.addFile({ ...input, kind: 'subtitle' });
      upsert.run({
        file_id: file.id,
        post_id: input.postId,
        language_tag: input.languageTag,
        language_name: input.languageName ?? null,
        format: input.format,
      });
      indexCues(file.id, input.postId, cues);
      const row = one.get(file.id);
      if (!row) throw new Error('subtitle row missing right after its insert');
      return toSubtitleRecord(row);
    }),
    /** The removed track, or undefined when there was none with that file id. */
    removeSubtitle: db.transaction((fileId: number): SubtitleRecord | undefined => {
      const row = one.get(fileId);
      if (row) remove.run(fileId);
      return row && toSubtitleRecord(row);
    }),
    listSubtitles: (postId: number): SubtitleRecord[] => list.all(postId).map(toSubtitleRecord),
  };
}
