import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/core/db';
import { closeDatabase, latestVersion, migrations, openDatabase, schemaVersion } from '../../../src/core/db';
import { mediaMaskOf } from '../../../src/core/library/posts/media-mask';
import { checkSearchIndex } from '../library/temp-library';

/*
 * old-libraries/schema-N.sqlite were written by Trove, N = 1–5 by 8388771 (before the
 * migrations moved to core/db) and 6 by the change that added step 6, each migrated to
 * version N and then filled with a little of everything that
 * version holds: two posts with their links, media, files, a subtitle, a thumbnail and a
 * profile; from 3 a balance, an alert and a ledger row; from 4 a finished job. Each must
 * open with today's code at the newest version, its rows intact, and the same schema as a
 * library created today.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trove-old-library-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (path: string): Db => {
  const opened = openDatabase(path, { migrations });
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
};

const schemaOf = (db: Db): unknown[] =>
  db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();

function freshSchema(): unknown[] {
  const db = open(join(dir, 'fresh.db'));
  try {
    return schemaOf(db);
  } finally {
    closeDatabase(db);
  }
}

describe.each([1, 2, 3, 4, 5, 6])('a library left at schema %i', (version) => {
  it('upgrades to the newest schema with its rows intact', () => {
    const path = join(dir, 'trove.db');
    copyFileSync(join(import.meta.dirname, 'old-libraries', `schema-${version}.sqlite`), path);
    const db = open(path);
    try {
      expect(schemaVersion(db)).toBe(latestVersion(migrations));
      expect(schemaOf(db)).toEqual(freshSchema());
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      checkSearchIndex(db);

      expect(db.prepare('SELECT id, caption, total_size, media_mask FROM posts ORDER BY id').all()).toEqual([
        { id: 1, caption: 'Harbour at dusk', total_size: 1040, media_mask: mediaMaskOf(['video']) },
        { id: 2, caption: 'Café album', total_size: 300, media_mask: mediaMaskOf(['image', 'video']) },
      ]);
      // "cafe" finds "Café" whether the index was built by schema 2 or by this upgrade
      expect(db.prepare("SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'cafe'").pluck().all()).toEqual([2]);
      expect(db.prepare('SELECT url_key FROM post_links WHERE post_id = 1 ORDER BY url_key').pluck().all()).toEqual([
        'vid.example/short',
        'video.example/v/1',
      ]);
      expect(db.prepare('SELECT file_id, language_tag FROM subtitles').all()).toEqual([{ file_id: 2, language_tag: 'en' }]);
      expect(db.prepare('SELECT cursor FROM profiles').pluck().all()).toEqual(['page-2']);
      expect(db.prepare('SELECT count(*) FROM thumbnails').pluck().get()).toBe(1);

      const ledger = db.prepare('SELECT endpoint, link, cost, balance_after, job_id FROM ledger').all();
      expect(ledger).toEqual(
        version >= 3 ? [{ endpoint: 'extract', link: 'https://video.example/v/1', cost: 1, balance_after: 42.5, job_id: 1 }] : [],
      );
      // Schema 7 moved a job's checkpoints into its plan; this finished job had no post to plan
      // from (its file is in the library above), so it keeps none.
      const jobs = db.prepare('SELECT id, state, charged, plan FROM jobs').all();
      expect(jobs).toEqual(version >= 4 ? [{ id: 1, state: 'done', charged: 1, plan: null }] : []);
    } finally {
      closeDatabase(db);
    }
  });
});
