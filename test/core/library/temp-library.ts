import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../src/core/db';
import { closeDatabase, migrations, openDatabase } from '../../../src/core/db';

export interface TempLibrary {
  readonly dir: string;
  readonly path: string;
  readonly db: Db;
  /** Close and open the same file again, as a restart would. */
  reopen(): Db;
  cleanup(): void;
}

/** A real SQLite file in a fresh temp directory. */
export function tempLibrary(): TempLibrary {
  const dir = mkdtempSync(join(tmpdir(), 'trove-library-'));
  const path = join(dir, 'library.sqlite');
  const open = (): Db => {
    const opened = openDatabase(path, { migrations });
    if (!opened.ok) throw new Error(opened.error.message);
    return opened.value;
  };
  let db = open();
  return {
    dir,
    path,
    get db() {
      return db;
    },
    reopen() {
      closeDatabase(db);
      db = open();
      return db;
    },
    cleanup() {
      closeDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fixed, advancing clock. */
export function stepClock(start = Date.UTC(2026, 0, 1), step = 1000): () => number {
  let time = start - step;
  return () => (time += step);
}

/** FTS5's own consistency check of the search index against the posts table; throws if broken. */
export function checkSearchIndex(db: Db): void {
  db.prepare("INSERT INTO posts_fts (posts_fts, rank) VALUES ('integrity-check', 1)").run();
}
