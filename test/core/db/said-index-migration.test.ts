import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, migrateDatabase, migrations, openDatabase } from '../../../src/core/db';
import { createLibraryStore } from '../../../src/core/library';
import { stepClock } from '../library/temp-library';
import { unwrap } from '../library/unwrap';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trove-schema10-'));
  path = join(dir, 'trove.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A schema 8 library: two posts with saved subtitles (one file since lost), one without. */
function writeSchema8Library(): void {
  writeFileSync(join(dir, 'v1.en.srt'), '1\n00:00:01,000 --> 00:00:02,500\nThe <i>harbour</i> at dusk\n\n2\n00:00:03,000 --> 00:00:04,000\nBoats come home\n');
  writeFileSync(join(dir, 'v1.zh.vtt'), 'WEBVTT\n\n00:01:00.000 --> 00:01:02.000\n港口的黄昏\n');
  const db = new Database(path);
  db.pragma('foreign_keys = ON');
  expect(migrateDatabase(db, migrations, 8)).toEqual({ ok: true, value: { from: 0, to: 8 } });
  const post = db.prepare(`INSERT INTO posts (id, site, platform_id, title, post_url, added_at, updated_at) VALUES (?, 'video.example', ?, ?, ?, 1, 1)`);
  const file = db.prepare("INSERT INTO files (id, post_id, path, size, kind, created_at) VALUES (?, ?, ?, 10, 'subtitle', 1)");
  const subtitle = db.prepare('INSERT INTO subtitles (file_id, post_id, language_tag, format) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    post.run(1, 'v1', 'Harbour', 'https://video.example/watch/v1');
    post.run(2, 'v2', 'Lost file', 'https://video.example/watch/v2');
    post.run(3, 'v3', 'No subtitles', 'https://video.example/watch/v3');
    file.run(1, 1, join(dir, 'v1.en.srt'));
    subtitle.run(1, 1, 'en', 'srt');
    file.run(2, 1, join(dir, 'v1.zh.vtt'));
    subtitle.run(2, 1, 'zh-Hans', 'vtt');
    file.run(3, 2, join(dir, 'gone.en.srt'));
    subtitle.run(3, 2, 'en', 'srt');
    db.exec("INSERT INTO posts_fts (posts_fts) VALUES ('rebuild')");
  })();
  db.close();
}

describe('schema 10: the said index', () => {
  it('indexes the subtitle files an older library saved, and skips a file that is gone', async () => {
    writeSchema8Library();
    const opened = openDatabase(path, { migrations });
    if (!opened.ok) throw new Error(opened.error.message);
    const db = opened.value;
    try {
      expect(db.prepare('SELECT file_id, post_id, start_ms, end_ms, text FROM cues ORDER BY id').all()).toEqual([
        { file_id: 1, post_id: 1, start_ms: 1000, end_ms: 2500, text: 'The harbour at dusk' },
        { file_id: 1, post_id: 1, start_ms: 3000, end_ms: 4000, text: 'Boats come home' },
        { file_id: 2, post_id: 1, start_ms: 60_000, end_ms: 62_000, text: '港口的黄昏' },
      ]);
      const library = createLibraryStore(db, { now: stepClock() });
      expect(unwrap(library.searchSaid({ query: 'harbour dusk' })).moments).toMatchObject([{ postId: 1, language: 'en', startMs: 1000 }]);
      expect(unwrap(library.searchSaid({ query: '黄昏' })).moments).toMatchObject([{ postId: 1, language: 'zh-Hans', startMs: 60_000 }]);
      // the migrated index is the one the writer keeps: removing the post empties it
      unwrap(await library.removePost({ id: 1, deleteFiles: false }));
      expect(db.prepare('SELECT count(*) FROM cues').pluck().get()).toBe(0);
      expect(unwrap(library.searchSaid({ query: 'harbour' })).total).toBe(0);
    } finally {
      closeDatabase(db);
    }
  });
});
