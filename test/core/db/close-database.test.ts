import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeDatabase, migrations, openDatabase } from '../../../src/core/db';

/*
 * Closing ran `PRAGMA optimize` first; on a full (or read-only) disk it threw, so the
 * engine's close() failed and the connection stayed open (found by
 * test/reliability/disk-trouble). The statistics are a nicety: the close must happen.
 */

describe('closeDatabase', () => {
  it('closes the connection even when the library cannot be written any more', () => {
    const opened = openDatabase(join(mkdtempSync(join(tmpdir(), 'trove-close-')), 'trove.db'), { migrations });
    if (!opened.ok) throw new Error(opened.error.message);
    const db = opened.value;
    db.exec('CREATE TABLE scratch (n INTEGER); CREATE INDEX scratch_n ON scratch (n)');
    const insert = db.prepare('INSERT INTO scratch VALUES (?)');
    for (let n = 0; n < 2_000; n++) insert.run(n);
    // A query the planner would like statistics for, so optimize has work to write.
    db.prepare('SELECT * FROM scratch WHERE n = 5').all();
    db.pragma('query_only = ON');

    expect(() => closeDatabase(db)).not.toThrow();
    expect(db.open).toBe(false);
  });
});
