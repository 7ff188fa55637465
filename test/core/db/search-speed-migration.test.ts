import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLibraryStore } from '../../../src/core/library/library-store';
import { closeDatabase, latestVersion, migrateDatabase, migrations, openDatabase, schemaVersion } from '../../../src/core/db';
import { checkSearchIndex, stepClock } from '../library/temp-library';
import { unwrap } from '../library/unwrap';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trove-schema5-'));
  path = join(dir, 'trove.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A library as Trove wrote it before schema 5: three posts, their media, a file and a subtitle. */
function writeSchema4Library(): void {
  const db = new Database(path);
  db.pragma('foreign_keys = ON');
  expect(migrateDatabase(db, migrations, 4)).toEqual({ ok: true, value: { from: 0, to: 4 } });
  const post = db.prepare(`INSERT INTO posts (id, site, platform_id, title, author_username, author_display_name, created_at, added_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const media = db.prepare('INSERT INTO media_items (post_id, media_index, media_type) VALUES (?, ?, ?)');
  db.transaction(() => {
    post.run(1, 'video.example', 'v1', 'Harbour at dusk', 'alice', 'Alice Liddell', 3000, 10, 10);
    media.run(1, 0, 'video');
    post.run(2, 'photos.example', 'p1', 'Mixed album', 'bob', 'Bob Marley', 2000, 20, 20);
    media.run(2, 0, 'image');
    media.run(2, 1, 'video');
    media.run(2, 2, 'image');
    post.run(3, 'music.example', 't1', 'Harbour lights', 'carol', null, 1000, 30, 30);
    media.run(3, 0, 'audio');
    db.prepare("INSERT INTO files (id, post_id, media_index, path, size, kind, created_at) VALUES (1, 1, 0, '/dl/v1.en.srt', 40, 'subtitle', 5)").run();
    db.prepare("INSERT INTO subtitles (file_id, post_id, language_tag, format) VALUES (1, 1, 'en', 'srt')").run();
    db.exec("INSERT INTO posts_fts (posts_fts) VALUES ('rebuild')");
  })();
  db.close();
}

describe('schema 5: the search-speed step', () => {
  it('upgrades a schema 4 library with its data intact and the media types backfilled', () => {
    writeSchema4Library();
    const opened = openDatabase(path, { migrations });
    if (!opened.ok) throw new Error(opened.error.message);
    const db = opened.value;
    try {
      expect(schemaVersion(db)).toBe(latestVersion(migrations));
      expect(db.prepare('SELECT id, media_mask FROM posts ORDER BY id').all()).toEqual([
        { id: 1, media_mask: 1 },
        { id: 2, media_mask: 3 },
        { id: 3, media_mask: 4 },
      ]);
      const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'posts' AND sql IS NOT NULL ORDER BY name").pluck().all();
      expect(indexes).toEqual([
        'posts_author',
        'posts_author_name',
        'posts_by_added',
        'posts_by_created',
        'posts_by_size',
        'posts_by_title',
        'posts_media',
      ]);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'media_items' AND sql IS NOT NULL").all()).toEqual([]);
      expect(() => checkSearchIndex(db)).not.toThrow();

      const library = createLibraryStore(db, { now: stepClock() });
      const ids = (query: Parameters<typeof library.searchPosts>[0]) => unwrap(library.searchPosts(query)).rows.map((row) => row.platformId);
      expect(unwrap(library.getPost(2))).toMatchObject({ title: 'Mixed album', mediaTypes: ['video', 'image'], totalSize: 0 });
      expect(unwrap(library.getPost(1))).toMatchObject({ totalSize: 40, hasSubtitles: true });
      expect(ids({ mediaType: 'video', sort: 'created', direction: 'asc' })).toEqual(['p1', 'v1']);
      expect(ids({ mediaType: 'image' })).toEqual(['p1']);
      expect(ids({ author: 'bob marley' })).toEqual(['p1']);
      expect(ids({ query: 'harbour', sort: 'created', direction: 'asc' })).toEqual(['t1', 'v1']);
      expect(ids({ hasSubtitles: false, sort: 'added', direction: 'asc' })).toEqual(['p1', 't1']);
    } finally {
      closeDatabase(db);
    }
  });
});
