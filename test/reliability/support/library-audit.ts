import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { mediaPlanSchema } from '../../../src/core/jobs/plan/media-plan-schema';
import type { MediaPlan } from '../../../src/core/jobs/plan/media-plan-schema';
import Database from 'better-sqlite3';

/*
 * What a data directory and a download folder hold after a run, read straight from the
 * SQLite file (not through the engine): the facts the reliability suites assert on.
 */

export interface FileRow {
  postId: number;
  postUrl: string;
  mediaIndex: number | null;
  path: string;
  size: number;
  kind: string;
  codecs: string | null;
  /** The variant the engine recorded for the media item (quality, languageTag, …), if any. */
  variant: { quality?: number; languageTag?: string } | undefined;
}

export interface LedgerRow {
  endpoint: string;
  link: string;
  at: number;
  jobId: number | null;
}

export interface LibraryAudit {
  integrity: string[];
  foreignKeyViolations: number;
  posts: Array<{ id: number; postUrl: string }>;
  /** Links (site + id) with more than one post row, or media slots with more than one file row. */
  duplicatePosts: string[];
  duplicateFileSlots: string[];
  files: FileRow[];
  ledger: LedgerRow[];
  /** `plan`: the media items of a post job, each with its checkpoint (the streams and files it finished). */
  jobs: Array<{ id: number; url: string; state: string; error: string | null; parentId: number | null; plan: MediaPlan | undefined }>;
}

const JOB_COLUMNS = 'id, url, state, error, parent_id AS parentId, plan';

/** Opens read-only: the audit must not change what it audits. */
export function auditLibrary(dataDir: string): LibraryAudit {
  const db = new Database(join(dataDir, 'trove.db'), { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.prepare('PRAGMA integrity_check').all() as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
    const foreignKeyViolations = db.prepare('PRAGMA foreign_key_check').all().length;
    const posts = db.prepare('SELECT id, post_url AS postUrl FROM posts ORDER BY id').all() as LibraryAudit['posts'];
    const duplicatePosts = (
      db.prepare(`SELECT coalesce(site, '') || '/' || coalesce(platform_id, post_url) AS k FROM posts GROUP BY k HAVING count(*) > 1`).all() as Array<{ k: string }>
    ).map((row) => row.k);
    const duplicateFileSlots = (
      db
        .prepare(
          `SELECT post_id || ':' || coalesce(media_index, '-') || ':' || kind AS k FROM files WHERE kind <> 'subtitle'
           GROUP BY post_id, media_index, kind HAVING count(*) > 1`,
        )
        .all() as Array<{ k: string }>
    ).map((row) => row.k);
    const rawFiles = db
      .prepare(
        `SELECT f.post_id AS postId, p.post_url AS postUrl, f.media_index AS mediaIndex, f.path, f.size, f.kind, f.codecs, m.variant
         FROM files f JOIN posts p ON p.id = f.post_id
         LEFT JOIN media_items m ON m.post_id = f.post_id AND m.media_index = f.media_index ORDER BY f.id`,
      )
      .all() as Array<Omit<FileRow, 'variant'> & { variant: string | null }>;
    const files = rawFiles.map(({ variant, ...row }) => ({ ...row, variant: variant === null ? undefined : (JSON.parse(variant) as FileRow['variant']) }));
    const ledger = db.prepare('SELECT endpoint, link, at, job_id AS jobId FROM ledger ORDER BY at').all() as LedgerRow[];
    const jobs = (db.prepare(`SELECT ${JOB_COLUMNS} FROM jobs ORDER BY id`).all() as Array<Omit<LibraryAudit['jobs'][number], 'plan'> & { plan: string | null }>).map(
      (job) => ({ ...job, plan: job.plan === null ? undefined : mediaPlanSchema.parse(JSON.parse(job.plan)) }),
    );
    return { integrity, foreignKeyViolations, posts, duplicatePosts, duplicateFileSlots, files, ledger, jobs };
  } finally {
    db.close();
  }
}

/** Names that only an unfinished or crashed write leaves behind. */
export const LEFTOVER = /\.part$|\.part\.json$|\.merging-[^/]*$|\.embedding-[^/]*$|\.tmp$/u;

/** Every file under `root`, recursively (absolute paths). */
export function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(path);
    }
  };
  walk(root);
  return found;
}
