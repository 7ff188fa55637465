import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { closeDatabase, latestVersion, migrateDatabase, migrations, openDatabase } from '../../../src/core/db';

describe('migration 4: jobs', () => {
  it('creates the jobs table after the library and credits steps, and refuses bad states', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'trove-mig-')), 'trove.db');
    // A library as the version before the jobs table left it: every step up to 3.
    const before = new Database(path);
    expect(migrateDatabase(before, migrations, 3)).toEqual({ ok: true, value: { from: 0, to: 3 } });
    expect(before.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'jobs'").get()).toEqual({ n: 0 });
    before.close();

    const after = openDatabase(path, { migrations });
    if (!after.ok) throw new Error(after.error.message);
    const db = after.value;
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations));
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(jobs)').all().map((column) => column.name);
    expect(columns).toEqual(expect.arrayContaining(['state', 'post', 'charged', 'playlist_cursor', 'plan', 'next_attempt_at']));
    const insert = db.prepare("INSERT INTO jobs (kind, url, state, position, created_at, updated_at) VALUES ('post', 'x', ?, 1, 0, 0)");
    expect(() => insert.run('queued')).not.toThrow();
    expect(() => insert.run('exploded')).toThrow(/CHECK/u);
    closeDatabase(db);
  });
});
