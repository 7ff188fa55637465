import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, migrations } from '../../../src/core/db';
import { siteCaseMigration } from '../../../src/core/db/migrations/0009-site-case';
import { createLibraryStore } from '../../../src/core/library/library-store';
import type { Post } from '../../../src/shared/post';
import { checkSearchIndex } from './temp-library';
import { unwrap } from './unwrap';

/* "video" and "Video" are one platform: one name in the library, one entry in its lists. */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trove-site-case-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const post = (site: string, id: string): Post => ({ site, id, title: `post ${id}`, medias: [], post_url: `https://video.example/watch/${id}` });

/** The library at `version`, or at the latest schema: the store the app opens. */
function openAt(version?: number) {
  const db = new Database(join(dir, 'library.sqlite'));
  db.pragma('foreign_keys = ON');
  unwrap(migrateDatabase(db, migrations, version));
  return db;
}

describe('site names in lower case', () => {
  it('are written in lower case, and a post seen as "Video" then "video" stays one post', () => {
    const db = openAt();
    const library = createLibraryStore(db, { now: () => 1 });
    const [first] = unwrap(library.upsertPosts([{ post: post('Video', 'v1') }]));
    const [again] = unwrap(library.upsertPosts([{ post: post('video', 'v1') }]));
    expect(again).toEqual({ id: first?.id, created: false });
    expect(unwrap(library.findExisting({ site: 'VIDEO', id: 'v1' }))?.post.id).toBe(first?.id);
    expect(db.prepare('SELECT site FROM posts').pluck().all()).toEqual(['video']);
    expect(unwrap(library.searchPosts({ site: 'video' })).total).toBe(1);
    db.close();
  });

  it('the migration lowers the names stored before, keeping a row whose lower-case twin exists', () => {
    const db = openAt(siteCaseMigration.version - 1);
    const insert = db.prepare("INSERT INTO posts (site, platform_id, title, added_at, updated_at) VALUES (?, ?, 'old post', 1, 1)");
    for (const [site, id] of [['Video', 'a'], ['video', 'b'], ['MUSIC', 'c'], ['Video', 'twin'], ['video', 'twin']] as const) insert.run(site, id);
    // as the post writer would have indexed them
    db.exec("INSERT INTO posts_fts (posts_fts) VALUES ('rebuild')");
    unwrap(migrateDatabase(db, migrations));
    const sites = db.prepare<[], { site: string; platform_id: string }>('SELECT site, platform_id FROM posts ORDER BY platform_id, site').all();
    expect(sites).toEqual([
      { site: 'video', platform_id: 'a' },
      { site: 'video', platform_id: 'b' },
      { site: 'music', platform_id: 'c' },
      { site: 'Video', platform_id: 'twin' },
      { site: 'video', platform_id: 'twin' },
    ]);
    const library = createLibraryStore(db, { now: () => 1 });
    expect(unwrap(library.searchPosts({ site: 'video' })).total).toBe(3);
    // the search index follows the rename (its tokens are folded, so they did not change), and is whole
    expect(unwrap(library.searchPosts({ query: 'music' })).total).toBe(1);
    expect(() => checkSearchIndex(db)).not.toThrow();
    // the update trigger set aside during the step is back, as schema 2 wrote it: a later edit reaches the index
    const triggers = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'posts' ORDER BY name").pluck().all();
    expect(triggers).toContain('posts_fts_update');
    db.prepare("UPDATE posts SET title = 'renamed harbour' WHERE platform_id = 'a'").run();
    expect(unwrap(library.searchPosts({ query: 'harbour' })).total).toBe(1);
    expect(() => checkSearchIndex(db)).not.toThrow();
    db.close();
  });
});
