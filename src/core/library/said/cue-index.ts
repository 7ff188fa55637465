import type { Cue } from '../../../shared/subtitles';
import type { Db } from '../../db';
import { cueSearchText } from '../../subtitles';

/**
 * Writes a track's cues into the said index (schema 9). Replacing a track removes its old
 * cues first (the cues_unindex trigger takes them out of the word index); removal needs
 * nothing here: a track's cues follow its subtitles row by cascade.
 */
export function createCueIndex(db: Db) {
  const clear = db.prepare<[number]>('DELETE FROM cues WHERE file_id = ?');
  const addCue = db.prepare<[number, number, number, number, string]>(
    'INSERT INTO cues (file_id, post_id, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)',
  );
  const addWords = db.prepare<[number | bigint, string]>('INSERT INTO cues_fts (rowid, words) VALUES (?, ?)');

  /** Call inside the transaction that records the track. */
  return (fileId: number, postId: number, cues: readonly Cue[]): void => {
    clear.run(fileId);
    for (const cue of cues) {
      if (cue.text === '') continue;
      const { lastInsertRowid } = addCue.run(fileId, postId, Math.round(cue.startMs), Math.round(cue.endMs), cue.text);
      addWords.run(lastInsertRowid, cueSearchText(cue.text));
    }
  };
}

export type CueIndex = ReturnType<typeof createCueIndex>;
