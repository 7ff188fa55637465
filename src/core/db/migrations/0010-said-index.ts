import { cueSearchText, readSubtitleCues } from '../../subtitles';
import type { Db } from '../database';
import type { Migration } from '../migrate';

interface SavedTrack {
  file_id: number;
  post_id: number;
  path: string;
  format: string;
}

/**
 * Index the subtitle files an older Trove saved. A file that is gone or unreadable is
 * skipped: its track stays recorded, with no cues, until it is saved again. The parsers are
 * the subtitles area's own (an index is derived data: what matters is that it holds what the
 * files say), while the rows written are this step's.
 */
function indexSavedTracks(db: Db): void {
  const tracks = db
    .prepare<[], SavedTrack>(`SELECT s.file_id, s.post_id, f.path, s.format FROM subtitles s JOIN files f ON f.id = s.file_id`)
    .all();
  const addCue = db.prepare<[number, number, number, number, string]>(
    'INSERT INTO cues (file_id, post_id, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)',
  );
  const addWords = db.prepare<[number | bigint, string]>('INSERT INTO cues_fts (rowid, words) VALUES (?, ?)');
  for (const track of tracks) {
    for (const cue of readSubtitleCues(track.path, track.format)) {
      if (cue.text === '') continue;
      const { lastInsertRowid } = addCue.run(track.file_id, track.post_id, Math.round(cue.startMs), Math.round(cue.endMs), cue.text);
      addWords.run(lastInsertRowid, cueSearchText(cue.text));
    }
  }
}

/*
 * Schema 10: what was said, cue by cue. `cues` holds each saved track's cues (the track is its
 * subtitles row, so removing the track, its file record or its post removes them by cascade);
 * `cues_fts` indexes their words, contentless (the text lives once, in cues), and a trigger
 * takes a removed cue out of it. New cues are indexed by the library's subtitle writer, which
 * also computes the indexed form (CJK runs as character pairs: see cue-search-text.ts).
 */
export const saidIndexMigration: Migration = {
  version: 10,
  name: 'said-index',
  up(db) {
    db.exec(`
      CREATE TABLE cues (
        id INTEGER PRIMARY KEY,
        file_id INTEGER NOT NULL REFERENCES subtitles (file_id) ON DELETE CASCADE,
        post_id INTEGER NOT NULL,
        start_ms INTEGER NOT NULL,
        end_ms INTEGER NOT NULL,
        text TEXT NOT NULL
      );
      CREATE INDEX cues_file ON cues (file_id);
      CREATE VIRTUAL TABLE cues_fts USING fts5(
        words,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER cues_unindex AFTER DELETE ON cues BEGIN
        DELETE FROM cues_fts WHERE rowid = old.id;
      END;
    `);
    indexSavedTracks(db);
  },
};
