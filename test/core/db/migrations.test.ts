import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Migration } from '../../../src/core/db';
import { closeDatabase, latestVersion, mergeMigrations, migrateDatabase, migrations, openDatabase, schemaVersion } from '../../../src/core/db';

/** The newest step: the tests below hold for whichever it is. */
const LATEST = latestVersion(migrations);

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trove-migrations-'));
  path = join(dir, 'library.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const objects = (db: Db, type: 'table' | 'trigger' | 'index'): string[] =>
  db
    .prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all(type)
    .map((row) => row.name);

const columns = (db: Db, table: string): string[] =>
  (db.pragma(`table_xinfo(${table})`) as Array<{ name: string }>).map((column) => column.name);

function rawDb(): Db {
  const db = new Database(path);
  db.pragma('foreign_keys = ON');
  return db;
}

describe('the migration list', () => {
  it('lists versions 1 to 9 in order', () => {
    expect(migrations.map((m) => [m.version, m.name])).toEqual([
      [1, 'library'],
      [2, 'library-search'],
      [3, 'credits'],
      [4, 'jobs'],
      [5, 'library-search-speed'],
      [6, 'library-changes'],
      [7, 'job-plan'],
      [8, 'learned-prices'],
      [9, 'site-case'],
      [10, 'said-index'],
      [11, 'subscriptions'],
      [12, 'subtitle-refusals'],
      [13, 'playlist-cost-cap'],
    ]);
  });

  it('accepts a later area contributing the next version, in any list order', () => {
    const next: Migration = { version: LATEST + 1, name: 'next', up: () => undefined };
    expect(mergeMigrations([next], migrations).map((m) => m.version)).toEqual(Array.from({ length: LATEST + 1 }, (_, index) => index + 1));
  });

  it('refuses a duplicate or a gap at start-up', () => {
    const clash: Migration = { version: 3, name: 'other', up: () => undefined };
    expect(() => mergeMigrations(migrations, [clash])).toThrow(/version 3 is used twice \(credits, other\)/);
    const gap: Migration = { version: LATEST + 2, name: 'other', up: () => undefined };
    expect(() => mergeMigrations(migrations, [gap])).toThrow(`expected ${LATEST + 1}, found ${LATEST + 2}`);
  });
});

describe('migrating step by step', () => {
  it('schema 1 creates the library tables, their triggers and no search index', () => {
    const db = rawDb();
    const result = migrateDatabase(db, migrations, 1);
    expect(result).toEqual({ ok: true, value: { from: 0, to: 1 } });
    expect(schemaVersion(db)).toBe(1);
    expect(objects(db, 'table')).toEqual(['files', 'media_items', 'post_links', 'posts', 'profiles', 'subtitles', 'thumbnails']);
    expect(objects(db, 'trigger')).toEqual(['files_size_delete', 'files_size_insert', 'files_size_update']);
    expect(columns(db, 'posts')).toEqual([
      'id', 'site', 'platform_id', 'post_url', 'title', 'text', 'caption', 'author_username', 'author_display_name',
      'author_avatar_path', 'view_count', 'like_count', 'created_at', 'added_at', 'updated_at', 'total_size',
    ]);
    expect(columns(db, 'media_items')).toEqual(['post_id', 'media_index', 'media_type', 'duration', 'preview_path', 'variant']);
    expect(columns(db, 'files')).toEqual(['id', 'post_id', 'media_index', 'path', 'size', 'kind', 'codecs', 'sha256', 'created_at']);
    expect(columns(db, 'profiles')).toContain('cursor');
    // links to posts and profiles only: no column is there for a (short-lived) media URL
    const urlColumns = objects(db, 'table').flatMap((table) =>
      columns(db, table).filter((column) => column.includes('url')).map((column) => `${table}.${column}`),
    );
    expect(urlColumns.sort()).toEqual(['post_links.url_key', 'posts.post_url', 'profiles.url', 'profiles.url_key']);
    db.close();
  });

  it('schema 2 adds the FTS index and indexes posts written under schema 1', () => {
    const db = rawDb();
    migrateDatabase(db, migrations, 1);
    db.prepare("INSERT INTO posts (title, added_at, updated_at) VALUES ('written before search existed', 1, 1)").run();
    expect(migrateDatabase(db, migrations, 2)).toEqual({ ok: true, value: { from: 1, to: 2 } });
    expect(objects(db, 'table')).toContain('posts_fts');
    expect(objects(db, 'trigger')).toEqual(expect.arrayContaining(['posts_fts_delete', 'posts_fts_update']));
    const hits = db.prepare("SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'existed'").all();
    expect(hits).toHaveLength(1);
    db.close();
  });

  it('schema 3 adds the credit tables', () => {
    const db = rawDb();
    migrateDatabase(db, migrations, 2);
    expect(objects(db, 'table')).not.toContain('ledger');
    expect(migrateDatabase(db, migrations, 3)).toEqual({ ok: true, value: { from: 2, to: 3 } });
    expect(objects(db, 'table')).toEqual(expect.arrayContaining(['balance_alerts', 'credit_balance', 'ledger']));
    expect(columns(db, 'ledger')).toEqual(['id', 'at', 'endpoint', 'link', 'cost', 'balance_after', 'job_id']);
    db.close();
  });

  it('the subscriptions step adds subscriptions and their runs, which go with their subscription', () => {
    const db = rawDb();
    const version = migrations.find((m) => m.name === 'subscriptions')!.version;
    migrateDatabase(db, migrations, version - 1);
    expect(objects(db, 'table')).not.toContain('subscriptions');
    expect(migrateDatabase(db, migrations, version)).toEqual({ ok: true, value: { from: version - 1, to: version } });
    expect(objects(db, 'table')).toEqual(expect.arrayContaining(['subscriptions', 'subscription_runs']));
    db.prepare(`INSERT INTO subscriptions (url, kind, title, schedule, options, stop_below, created_at) VALUES ('https://v.example/@a', 'profile', 'a', 'daily', '{}', 100, 1)`).run();
    db.prepare('INSERT INTO subscription_runs (subscription_id, started_at, ended_at, pages, found, cost, outcome) VALUES (1, 1, 2, 1, 0, 5, ?)').run('done');
    expect(() => db.prepare(`INSERT INTO subscriptions (url, kind, title, schedule, options, stop_below, created_at) VALUES ('x', 'profile', 'x', 'monthly', '{}', 100, 1)`).run()).toThrow(/CHECK/);
    db.prepare('DELETE FROM subscriptions').run();
    expect(db.prepare('SELECT count(*) AS n FROM subscription_runs').get()).toEqual({ n: 0 });
    db.close();
  });

  it('rolls a failing step back whole and says which one failed', () => {
    const db = rawDb();
    const broken: Migration = {
      version: LATEST + 1,
      name: 'broken',
      up(inner) {
        inner.exec('CREATE TABLE half_done (id INTEGER)');
        inner.exec('THIS IS NOT SQL');
      },
    };
    const result = migrateDatabase(db, mergeMigrations(migrations, [broken]));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('migration_failed');
      expect(result.error.message).toContain(`schema ${LATEST + 1} (broken)`);
    }
    expect(schemaVersion(db)).toBe(LATEST);
    expect(objects(db, 'table')).not.toContain('half_done');
    db.close();
  });

  /** A step that leaves a subscription run whose subscription is gone: a broken foreign key. */
  const orphaning: Migration = {
    version: LATEST + 1,
    name: 'orphaning',
    up(inner) {
      inner.exec(`INSERT INTO subscriptions (id, url, kind, title, schedule, options, stop_below, created_at) VALUES (1, 'x', 'profile', 'x', 'daily', '{}', 100, 1)`);
      inner.exec(`INSERT INTO subscription_runs (subscription_id, started_at, ended_at, pages, found, cost, outcome) VALUES (1, 1, 2, 1, 0, 5, 'done')`);
      inner.exec('DELETE FROM subscriptions'); // no cascade without enforcement
    },
  };

  it('with foreign keys enforced, SQLite refuses the step that would break one, and the step rolls back', () => {
    const db = rawDb();
    migrateDatabase(db, migrations);
    const result = migrateDatabase(db, mergeMigrations(migrations, [{ ...orphaning, up: (inner) => {
      inner.exec(`INSERT INTO subscription_runs (subscription_id, started_at, ended_at, pages, found, cost, outcome) VALUES (404, 1, 2, 1, 0, 5, 'done')`);
    } }]));
    expect(result).toMatchObject({ ok: false, error: { code: 'migration_failed', message: expect.stringContaining('FOREIGN KEY') } });
    expect(schemaVersion(db)).toBe(LATEST);
    db.close();
  });

  it('without enforcement, the foreign key check finds what a step broke and the step rolls back', () => {
    const db = new Database(path);
    db.pragma('foreign_keys = OFF'); // better-sqlite3 turns them on by default
    migrateDatabase(db, migrations);
    const result = migrateDatabase(db, mergeMigrations(migrations, [orphaning]));
    expect(result).toMatchObject({ ok: false, error: { code: 'migration_failed', message: expect.stringContaining('1 foreign key violation(s)') } });
    expect(schemaVersion(db)).toBe(LATEST);
    expect(db.prepare('SELECT count(*) FROM subscription_runs').pluck().get()).toBe(0);
    db.close();
  });
});

describe('openDatabase', () => {
  it('configures the connection and migrates to the newest schema', () => {
    const opened = openDatabase(path, { migrations });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const db = opened.value;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(10000);
    expect(db.pragma('journal_size_limit', { simple: true })).toBe(67108864);
    expect(schemaVersion(db)).toBe(LATEST);
    closeDatabase(db);
    const again = openDatabase(path, { migrations });
    expect(again.ok && schemaVersion(again.value)).toBe(LATEST);
    if (again.ok) closeDatabase(again.value);
  });

  it('refuses a library from a newer Trove and leaves it untouched', () => {
    const future = new Database(path);
    future.pragma(`user_version = ${LATEST + 1}`);
    future.close();
    const opened = openDatabase(path, { migrations });
    expect(opened).toEqual({
      ok: false,
      error: {
        code: 'database_too_new',
        message: `This library was created by a newer Trove (schema ${LATEST + 1}); update Trove.`,
        retryable: false,
        detail: { schema: LATEST + 1, supported: LATEST },
      },
    });
    const check = new Database(path);
    expect(schemaVersion(check)).toBe(LATEST + 1);
    expect(objects(check, 'table')).toEqual([]);
    check.close();
  });

  it('turns a file that is not a database into an error as data', () => {
    writeFileSync(path, 'this is not a SQLite database, just some text that is long enough '.repeat(20));
    const opened = openDatabase(path, { migrations });
    expect(opened.ok).toBe(false);
    if (!opened.ok) {
      expect(opened.error.code).toBe('database_corrupt');
      expect(opened.error.message).toContain(path);
    }
  });
});
