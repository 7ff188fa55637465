import type Database from 'better-sqlite3';
import { z } from 'zod';
import { storedErrorCode } from '../../shared/error-codes';
import { errorInfoSchema } from '../../shared/errors';
import type { ErrorInfo, Result } from '../../shared/errors';
import { downloadOptionsSchema, pauseReasonSchema } from '../../shared/jobs';
import type { DownloadOptions, JobKind, JobState, JobView, PauseReason } from '../../shared/jobs';
import { postSchema } from '../../shared/post';
import type { Post } from '../../shared/post';
import { postThumbnail } from '../../shared/post-thumbnail';
import { ACTIVE_STATES, canTransition } from './job-state';
import { finalFiles, mediaPlanSchema } from './plan/media-plan-schema';
import type { MediaPlan } from './plan/media-plan-schema';

export interface JobRecord {
  id: number;
  kind: JobKind;
  url: string;
  state: JobState;
  pauseReason?: PauseReason;
  position: number;
  parentId?: number;
  options: DownloadOptions;
  post?: Post;
  /** The media items the job takes, each with its checkpoint; none yet for a link not extracted. */
  plan?: MediaPlan;
  charged: boolean;
  refreshes: number;
  force: boolean;
  playlistCursor?: string;
  playlistLimit?: number;
  playlistSync: boolean;
  /** The most credits one attempt of a playlist run may spend on pages (its cost cap). */
  playlistMaxCredits?: number;
  itemsQueued: number;
  title: string;
  site?: string;
  thumbnail?: string;
  libraryPostId?: number;
  progressBytes: number;
  progressTotal?: number;
  error?: ErrorInfo;
  attempts: number;
  nextAttemptAt?: number;
  createdAt: number;
  updatedAt: number;
}

export type NewJob = Pick<JobRecord, 'kind' | 'url'> &
  Partial<Pick<JobRecord, 'parentId' | 'options' | 'post' | 'plan' | 'charged' | 'force' | 'playlistLimit' | 'playlistSync' | 'playlistMaxCredits' | 'title' | 'site' | 'thumbnail'>>;

/** Fields a runner may change without a state transition. */
export type JobPatch = Partial<
  Pick<
    JobRecord,
    | 'post'
    | 'charged'
    | 'refreshes'
    | 'playlistCursor'
    | 'itemsQueued'
    | 'title'
    | 'site'
    | 'thumbnail'
    | 'libraryPostId'
    | 'progressBytes'
    | 'progressTotal'
    | 'plan'
    | 'attempts'
    | 'nextAttemptAt'
    | 'error'
    | 'pauseReason'
  >
>;

const COLUMN_OF: Record<keyof JobPatch, string> = {
  post: 'post',
  charged: 'charged',
  refreshes: 'refreshes',
  playlistCursor: 'playlist_cursor',
  itemsQueued: 'items_queued',
  title: 'title',
  site: 'site',
  thumbnail: 'thumbnail',
  libraryPostId: 'library_post_id',
  progressBytes: 'progress_bytes',
  progressTotal: 'progress_total',
  plan: 'plan',
  attempts: 'attempts',
  nextAttemptAt: 'next_attempt_at',
  error: 'error',
  pauseReason: 'pause_reason',
};

interface JobRow {
  id: number;
  kind: JobKind;
  url: string;
  state: JobState;
  pause_reason: string | null;
  position: number;
  parent_id: number | null;
  options: string;
  post: string | null;
  charged: number;
  refreshes: number;
  force: number;
  playlist_cursor: string | null;
  playlist_limit: number | null;
  playlist_sync: number;
  playlist_max_credits: number | null;
  items_queued: number;
  title: string;
  site: string | null;
  thumbnail: string | null;
  library_post_id: number | null;
  progress_bytes: number;
  progress_total: number | null;
  error: string | null;
  attempts: number;
  next_attempt_at: number | null;
  plan: string | null;
  created_at: number;
  updated_at: number;
}

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);
const parseJson = <T>(schema: z.ZodType<T>, text: string | null): T | undefined => {
  if (text === null) return undefined;
  const parsed = schema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
};
/** A stored error: a code an earlier Trove wrote under another name reads as today's. */
const storedErrorSchema = errorInfoSchema.extend({ code: z.string().transform(storedErrorCode) });

function fromRow(row: JobRow): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    state: row.state,
    pauseReason: pauseReasonSchema.safeParse(row.pause_reason).data,
    position: row.position,
    parentId: orUndefined(row.parent_id),
    options: parseJson(downloadOptionsSchema, row.options) ?? {},
    post: parseJson(postSchema, row.post),
    plan: parseJson(mediaPlanSchema, row.plan),
    charged: row.charged === 1,
    refreshes: row.refreshes,
    force: row.force === 1,
    playlistCursor: orUndefined(row.playlist_cursor),
    playlistLimit: orUndefined(row.playlist_limit),
    playlistSync: row.playlist_sync === 1,
    playlistMaxCredits: orUndefined(row.playlist_max_credits),
    itemsQueued: row.items_queued,
    title: row.title,
    site: orUndefined(row.site),
    thumbnail: orUndefined(row.thumbnail),
    libraryPostId: orUndefined(row.library_post_id),
    progressBytes: row.progress_bytes,
    progressTotal: orUndefined(row.progress_total),
    error: parseJson(storedErrorSchema, row.error),
    attempts: row.attempts,
    nextAttemptAt: orUndefined(row.next_attempt_at),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toColumnValue(field: keyof JobPatch, value: unknown): unknown {
  if (value === undefined) return null;
  if (field === 'post' || field === 'plan' || field === 'error') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

export function jobView(job: JobRecord, speed = 0): JobView {
  // Waiting to be tried again after a passing failure: the faces say why and when.
  const retrying = job.state === 'queued' && job.nextAttemptAt !== undefined;
  const thumbnail = job.thumbnail ?? (job.post ? postThumbnail(job.post) : undefined);
  const etaSeconds =
    speed > 0 && job.progressTotal !== undefined ? Math.max(0, (job.progressTotal - job.progressBytes) / speed) : undefined;
  return {
    id: job.id,
    kind: job.kind,
    url: job.url,
    state: job.state,
    ...(job.pauseReason && job.state === 'paused' ? { pauseReason: job.pauseReason } : {}),
    position: job.position,
    title: job.title || job.url,
    ...(job.site ? { site: job.site } : {}),
    // Waiting jobs from a preview or a profile page show the post's picture before it is cached.
    ...(thumbnail ? { thumbnail } : {}),
    ...(job.parentId !== undefined ? { parentId: job.parentId } : {}),
    ...(job.libraryPostId !== undefined ? { libraryPostId: job.libraryPostId } : {}),
    progress: {
      bytes: job.progressBytes,
      ...(job.progressTotal !== undefined ? { total: job.progressTotal } : {}),
      speed,
      ...(etaSeconds !== undefined ? { etaSeconds } : {}),
    },
    ...(job.error && (job.state === 'failed' || retrying) ? { error: job.error } : {}),
    attempts: job.attempts,
    ...(retrying ? { nextAttemptAt: job.nextAttemptAt } : {}),
    ...(job.kind === 'playlist' ? { itemsQueued: job.itemsQueued } : {}),
    files: finalFiles(job.plan),
    ...(job.state === 'done' && job.plan?.problems?.length ? { problems: job.plan.problems } : {}),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/** Typed access to the jobs table. Every state change goes through `transition`. */
export class JobStore {
  readonly #db: Database.Database;
  readonly #now: () => number;
  readonly #get: Database.Statement<[number], JobRow>;
  /** Statements built from a shape (which fields a patch writes, how many states) are prepared once per shape. */
  readonly #statements = new Map<string, Database.Statement>();

  constructor(db: Database.Database, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
    this.#get = db.prepare('SELECT * FROM jobs WHERE id = ?');
  }

  add(jobs: readonly NewJob[]): number[] {
    const insert = this.#db.prepare(`
      INSERT INTO jobs (kind, url, state, position, parent_id, options, post, plan, charged, force,
                        playlist_limit, playlist_sync, playlist_max_credits, title, site, thumbnail, created_at, updated_at)
      VALUES (@kind, @url, 'queued', @position, @parentId, @options, @post, @plan, @charged, @force,
              @playlistLimit, @playlistSync, @playlistMaxCredits, @title, @site, @thumbnail, @now, @now)`);
    const last = this.#db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM jobs');
    return this.#db.transaction(() => {
      let position = (last.get()?.position ?? 0) + 1;
      const now = this.#now();
      return jobs.map((job) =>
        Number(
          insert.run({
            kind: job.kind,
            url: job.url,
            position: position++,
            parentId: job.parentId ?? null,
            options: JSON.stringify(job.options ?? {}),
            post: job.post ? JSON.stringify(job.post) : null,
            plan: job.plan ? JSON.stringify(job.plan) : null,
            charged: job.charged ? 1 : 0,
            force: job.force ? 1 : 0,
            playlistLimit: job.playlistLimit ?? null,
            playlistSync: job.playlistSync ? 1 : 0,
            playlistMaxCredits: job.playlistMaxCredits ?? null,
            title: job.title ?? '',
            site: job.site ?? null,
            thumbnail: job.thumbnail ?? null,
            now,
          }).lastInsertRowid,
        ),
      );
    })();
  }

  get(id: number): JobRecord | undefined {
    const row = this.#get.get(id);
    return row ? fromRow(row) : undefined;
  }

  list(states?: readonly JobState[]): JobRecord[] {
    const rows = states?.length
      ? this.#db
          .prepare<unknown[], JobRow>(`SELECT * FROM jobs WHERE state IN (${states.map(() => '?').join(',')}) ORDER BY position`)
          .all(...states)
      : this.#db.prepare<[], JobRow>('SELECT * FROM jobs ORDER BY position').all();
    return rows.map(fromRow);
  }

  /** Queued jobs whose retry time has come, in queue order. */
  runnable(kind: JobKind, limit: number): JobRecord[] {
    return this.#prepare<[JobKind, number, number], JobRow>(
      `SELECT * FROM jobs WHERE state = 'queued' AND kind = ? AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
         ORDER BY position LIMIT ?`,
    )
      .all(kind, this.#now(), limit)
      .map(fromRow);
  }

  /** How many jobs are in these states, without reading them. */
  count(states: readonly JobState[]): number {
    const row = this.#prepare<unknown[], { count: number }>(`SELECT count(*) AS count FROM jobs WHERE state IN (${states.map(() => '?').join(',')})`).get(
      ...states,
    );
    return row?.count ?? 0;
  }

  /** The earliest time a waiting retry becomes runnable, if any. */
  nextRetryAt(): number | undefined {
    const row = this.#prepare<[], { at: number | null }>(
      `SELECT MIN(next_attempt_at) AS at FROM jobs WHERE state = 'queued' AND next_attempt_at IS NOT NULL`,
    ).get();
    return orUndefined(row?.at ?? null);
  }

  /** Moves a job to `to` if the state machine allows it from its current state. */
  transition(id: number, to: JobState, patch: JobPatch = {}): Result<JobRecord> {
    return this.#db.transaction((): Result<JobRecord> => {
      const current = this.get(id);
      const missing: Result<JobRecord> = { ok: false, error: { code: 'job_not_found', message: `There is no job ${id}.` } };
      if (!current) return missing;
      if (!canTransition(current.state, to)) {
        return { ok: false, error: { code: 'invalid_transition', message: `Job ${id} cannot go from ${current.state} to ${to}.` } };
      }
      this.#write(id, patch, to);
      const updated = this.get(id);
      return updated ? { ok: true, value: updated } : missing;
    })();
  }

  /** Writes fields of a job; reads it back unless the caller keeps its own copy (`readBack` false). */
  update(id: number, patch: JobPatch): JobRecord | undefined;
  update(id: number, patch: JobPatch, readBack: false): void;
  update(id: number, patch: JobPatch, readBack = true): JobRecord | undefined {
    this.#write(id, patch);
    return readBack ? this.get(id) : undefined;
  }

  move(id: number, toIndex: number): boolean {
    return this.#db.transaction(() => {
      const ids = this.#db.prepare<[], { id: number }>('SELECT id FROM jobs ORDER BY position').all().map((row) => row.id);
      const from = ids.indexOf(id);
      if (from < 0) return false;
      ids.splice(from, 1);
      ids.splice(Math.min(toIndex, ids.length), 0, id);
      const setPosition = this.#db.prepare('UPDATE jobs SET position = ? WHERE id = ?');
      ids.forEach((jobId, index) => setPosition.run(index + 1, jobId));
      return true;
    })();
  }

  remove(states: readonly JobState[]): number[] {
    return this.#db.transaction(() => {
      const ids = this.list(states).map((job) => job.id);
      const remove = this.#db.prepare('DELETE FROM jobs WHERE id = ?');
      for (const id of ids) remove.run(id);
      return ids;
    })();
  }

  /** After a crash or a shutdown: whatever was running goes back to the queue. */
  requeueInterrupted(): number {
    const placeholders = ACTIVE_STATES.map(() => '?').join(',');
    return this.#db
      .prepare(`UPDATE jobs SET state = 'queued', updated_at = ? WHERE state IN (${placeholders})`)
      .run(this.#now(), ...ACTIVE_STATES).changes;
  }

  /** Whether a post job for this link was ever queued (and not cleared since): a subscription stops there. */
  hasPostJob(url: string): boolean {
    return this.#prepare<[string], { found: number }>("SELECT 1 AS found FROM jobs WHERE kind = 'post' AND url = ? LIMIT 1").get(url) !== undefined;
  }

  children(parentId: number): JobRecord[] {
    return this.#db.prepare<[number], JobRow>('SELECT * FROM jobs WHERE parent_id = ? ORDER BY position').all(parentId).map(fromRow);
  }

  #prepare<P extends unknown[] | Record<string, unknown> = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }

  #write(id: number, patch: JobPatch, state?: JobState): void {
    const fields = Object.keys(patch) as Array<keyof JobPatch>;
    const assignments = fields.map((field) => `${COLUMN_OF[field]} = @${field}`);
    if (state) assignments.push('state = @state');
    assignments.push('updated_at = @now');
    const values: Record<string, unknown> = { id, now: this.#now(), ...(state ? { state } : {}) };
    for (const field of fields) values[field] = toColumnValue(field, patch[field]);
    this.#prepare<Record<string, unknown>>(`UPDATE jobs SET ${assignments.join(', ')} WHERE id = @id`).run(values);
  }
}
