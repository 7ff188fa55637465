import { mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeDatabase, migrations, openDatabase, openOrSetAside } from '../../../src/core/db';

const NOW = Date.parse('2026-11-25T18:04:05Z');
const folder = () => mkdtempSync(join(tmpdir(), 'trove-set-aside-'));
const open = (path: string) => openOrSetAside(path, { migrations, now: () => NOW });

/** A library with enough rows that half of it lies past the schema. */
function library(path: string): void {
  const opened = openDatabase(path, { migrations });
  if (!opened.ok) throw new Error(opened.error.message);
  const db = opened.value;
  const insert = db.prepare("INSERT INTO posts (site, platform_id, title, added_at, updated_at) VALUES ('video', ?, ?, 0, 0)");
  db.transaction(() => {
    for (let n = 0; n < 3000; n += 1) insert.run(String(n), `A post with a caption long enough to fill pages ${n}`);
  })();
  closeDatabase(db);
}

describe('a damaged library at start', () => {
  it('leaves a healthy library where it is', () => {
    const path = join(folder(), 'trove.db');
    library(path);
    const opened = open(path);
    expect(opened.ok && opened.value.setAside).toBeUndefined();
    if (opened.ok) closeDatabase(opened.value.db);
  });

  it('moves a file that is no database aside, byte for byte, and opens an empty library in its place', () => {
    const dir = folder();
    const path = join(dir, 'trove.db');
    writeFileSync(path, 'overwritten by a sync tool\n'.repeat(100));
    const opened = open(path);
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.setAside).toEqual({ movedTo: `${path}.corrupt-2026-11-25T18-04-05`, reason: expect.stringContaining('not a Trove database') });
    expect(readFileSync(`${path}.corrupt-2026-11-25T18-04-05`, 'utf8')).toBe('overwritten by a sync tool\n'.repeat(100));
    expect(opened.value.db.prepare('SELECT count(*) FROM posts').pluck().get()).toBe(0);
    closeDatabase(opened.value.db);
  });

  it('moves a library cut to half its size aside when its integrity check fails', () => {
    const dir = folder();
    const path = join(dir, 'trove.db');
    library(path);
    const half = Math.floor(statSync(path).size / 2);
    truncateSync(path, half);
    const opened = open(path);
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.setAside?.movedTo).toBe(`${path}.corrupt-2026-11-25T18-04-05`);
    expect(statSync(`${path}.corrupt-2026-11-25T18-04-05`).size).toBe(half);
    expect(readdirSync(dir).sort()).toEqual(['trove.db', 'trove.db-shm', 'trove.db-wal', 'trove.db.corrupt-2026-11-25T18-04-05']);
    closeDatabase(opened.value.db);
  });

  it('moves nothing for a library from a newer Trove: that is a refusal, not damage', () => {
    const dir = folder();
    const path = join(dir, 'trove.db');
    library(path);
    const opened = openDatabase(path, { migrations });
    if (!opened.ok) throw new Error(opened.error.message);
    opened.value.pragma('user_version = 999');
    closeDatabase(opened.value);
    expect(open(path)).toMatchObject({ ok: false, error: { code: 'database_too_new' } });
    expect(readdirSync(dir).filter((name) => name.includes('corrupt'))).toEqual([]);
  });
});
