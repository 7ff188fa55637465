import { mkdtempSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../src/core';
import { closeDatabase, migrations, openDatabase, openOrSetAside, recordCleanClose } from '../../../src/core/db';
import { unchangedSinceCleanClose } from '../../../src/core/db/clean-close';

const folder = () => mkdtempSync(join(tmpdir(), 'trove-clean-close-'));
const open = (path: string) => openOrSetAside(path, { migrations, now: () => Date.parse('2026-11-28T02:00:00Z') });

function library(path: string): void {
  const opened = openDatabase(path, { migrations });
  if (!opened.ok) throw new Error(opened.error.message);
  const insert = opened.value.prepare("INSERT INTO posts (site, platform_id, title, added_at, updated_at) VALUES ('video', ?, ?, 0, 0)");
  opened.value.transaction(() => {
    for (let n = 0; n < 3000; n += 1) insert.run(String(n), `A post with a caption long enough to fill pages ${n}`);
  })();
  closeDatabase(opened.value);
}

describe('the start-up integrity check runs only with a cause', () => {
  it('is skipped for a library exactly as its last clean close left it, and runs again once the file changed', () => {
    const path = join(folder(), 'trove.db');
    library(path);
    recordCleanClose(path);
    expect(unchangedSinceCleanClose(path)).toBe(true);
    // A copy that keeps the file's time to the millisecond (cp -p, a backup tool) is the same file.
    const before = statSync(path);
    utimesSync(path, before.atime, before.mtime);
    expect(unchangedSinceCleanClose(path)).toBe(true);

    // Cut short after the clean close (a sync tool, a full disk during a copy): checked, and moved aside.
    truncateSync(path, Math.floor(before.size / 2));
    expect(unchangedSinceCleanClose(path)).toBe(false);
    const checked = open(path);
    if (!checked.ok) throw new Error(checked.error.message);
    expect(checked.value.setAside?.movedTo).toBe(`${path}.corrupt-2026-11-28T02-00-00`);
    closeDatabase(checked.value.db);
  });

  it('runs again once the file was written after the clean close, even at the same size', () => {
    const path = join(folder(), 'trove.db');
    library(path);
    recordCleanClose(path);
    const later = new Date(statSync(path).mtimeMs + 1000);
    utimesSync(path, later, later);
    expect(unchangedSinceCleanClose(path)).toBe(false);
  });

  it('runs when no clean close is on record, or a write-ahead log was left behind', () => {
    const path = join(folder(), 'trove.db');
    library(path);
    expect(unchangedSinceCleanClose(path)).toBe(false);
    recordCleanClose(path);
    writeFileSync(`${path}-wal`, Buffer.alloc(4096, 1));
    expect(unchangedSinceCleanClose(path)).toBe(false);
    writeFileSync(`${path}.closed`, 'not a record');
    expect(unchangedSinceCleanClose(path)).toBe(false);
  });

  it('a Core records its clean close, so the next start skips the check', async () => {
    const dataDir = folder();
    const core = await createCore({ dataDir, env: {}, settings: { downloadFolder: join(dataDir, 'downloads') } });
    await core.close();
    expect(unchangedSinceCleanClose(join(dataDir, 'trove.db'))).toBe(true);
  });
});
