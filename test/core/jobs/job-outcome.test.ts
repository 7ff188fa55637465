import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError } from '../../../src/core/api/api-error';
import { errorFromResponse } from '../../../src/core/api/error-response';
import { diskError, downloadError, networkError, statusError } from '../../../src/core/download/download-error';
import { EventBus } from '../../../src/core/events/event-bus';
import { outcomeOf } from '../../../src/core/jobs/job-outcome';
import { JobQueue } from '../../../src/core/jobs/job-queue';
import type { JobRunner } from '../../../src/core/jobs/job-queue';
import { JobStore } from '../../../src/core/jobs/job-store';
import type { Db } from '../../../src/core/db';
import { closeDatabase, migrations, openDatabase } from '../../../src/core/db';
import { mediaError } from '../../../src/core/media/media-error';

const v1 = { version: 'v1', endpoint: 'POST /openapi/v1/extract/post', url: 'https://video.example/watch/abc' } as const;
const errno = (code: string): Error => Object.assign(new Error(`${code}: it failed`), { code });

describe('outcomeOf: how any failure ends a job', () => {
  it('fails a job on a 400 with the service code, keeping the retryable the service sent', () => {
    const final = outcomeOf(errorFromResponse(400, { message: 'Dieser Beitrag ist privat.', code: 'private_content', retryable: false }, v1));
    expect(final).toEqual({
      kind: 'failed',
      error: {
        code: 'private_content',
        message: 'Dieser Beitrag ist privat.',
        retryable: false,
        detail: { status: 400, endpoint: v1.endpoint },
      },
    });
    // The service may say an extraction code is worth retrying this time; nobody overrides it.
    const transient = outcomeOf(errorFromResponse(400, { message: 'Try later.', code: 'extract_failed', retryable: true }, v1));
    expect(transient).toMatchObject({ kind: 'failed', error: { code: 'extract_failed', retryable: true } });
    // Legacy bodies carry no retryable: the list's value for the code fills it in.
    const legacy = outcomeOf(errorFromResponse(400, { message: 'Gone.', code: 'ContentDeleted' }, { ...v1, version: 'legacy' }));
    expect(legacy).toMatchObject({ kind: 'failed', error: { code: 'content_deleted', retryable: false } });
  });

  it('holds the queue on 402 (credits) and 401 or an unreadable key (key), with the error to show', () => {
    expect(outcomeOf(errorFromResponse(402, { message: 'No credits left.' }, v1))).toMatchObject({
      kind: 'blocked',
      reason: 'out_of_credits',
      error: { code: 'out_of_credits', message: 'No credits left.', retryable: false },
    });
    expect(outcomeOf(errorFromResponse(401, {}, v1))).toMatchObject({ kind: 'blocked', reason: 'key_required', error: { code: 'unauthorized' } });
    const noKeychain = apiError({ status: null, code: 'key_unavailable', retryable: false, message: 'No keychain.', endpoint: v1.endpoint });
    expect(outcomeOf(noKeychain)).toMatchObject({ kind: 'blocked', reason: 'key_required', error: { code: 'key_unavailable' } });
  });

  it('fails a 429 and a 5xx as retryable, and a 422 as final', () => {
    expect(outcomeOf(errorFromResponse(429, {}, v1))).toMatchObject({ kind: 'failed', error: { code: 'too_many_requests', retryable: true } });
    expect(outcomeOf(errorFromResponse(503, {}, v1))).toMatchObject({ kind: 'failed', error: { code: 'server_error', retryable: true } });
    expect(outcomeOf(errorFromResponse(422, {}, v1))).toMatchObject({ kind: 'failed', error: { code: 'invalid_request', retryable: false } });
  });

  it('fails network trouble as retryable, except what retrying cannot fix (a bad certificate, a 404)', () => {
    expect(outcomeOf(networkError(errno('ECONNRESET'), 'cdn.example'))).toMatchObject({ kind: 'failed', error: { code: 'network', retryable: true } });
    expect(outcomeOf(networkError(errno('CERT_HAS_EXPIRED'), 'cdn.example'))).toMatchObject({ kind: 'failed', error: { code: 'network', retryable: false } });
    expect(outcomeOf(statusError(404, 'cdn.example'))).toMatchObject({ kind: 'failed', error: { code: 'http_error', retryable: false } });
    expect(outcomeOf(statusError(503, 'cdn.example'))).toMatchObject({ kind: 'failed', error: { code: 'http_error', retryable: true } });
    const service = apiError({ status: null, code: 'network_error', retryable: true, message: 'Could not reach the service.', endpoint: v1.endpoint });
    expect(outcomeOf(service)).toMatchObject({ kind: 'failed', error: { code: 'network_error', retryable: true } });
  });

  it('fails a full disk as final, with the message naming the file (the user frees space, then retries)', () => {
    const outcome = outcomeOf(diskError(errno('ENOSPC'), '/downloads/clip.mp4.part'));
    expect(outcome).toMatchObject({ kind: 'failed', error: { code: 'disk_full', retryable: false } });
    expect(outcome.kind === 'failed' && outcome.error.message).toContain('/downloads/clip.mp4.part');
  });

  it('fails a failed ffmpeg merge as final: its retryable is decided once, in the list', () => {
    const failed = mediaError('ffmpeg_failed', 'ffmpeg could not merge a.mp4 and a.m4a: Invalid data found');
    expect(failed.retryable).toBe(false);
    expect(outcomeOf(failed)).toEqual({ kind: 'failed', error: { code: 'ffmpeg_failed', message: failed.message, retryable: false } });
  });

  it('stops without an error on a cancel, whichever area noticed it', () => {
    const api = apiError({ status: null, code: 'canceled', retryable: false, message: 'The request was cancelled.', endpoint: v1.endpoint });
    expect(outcomeOf(api)).toEqual({ kind: 'aborted' });
    expect(outcomeOf(downloadError('canceled', 'Canceled.'))).toEqual({ kind: 'aborted' });
    expect(outcomeOf(mediaError('canceled', 'Canceled while merging.'))).toEqual({ kind: 'aborted' });
  });

  it('turns what a runner threw into a library error when SQLite refused, and a bug otherwise', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    db.exec('INSERT INTO t VALUES (1)');
    let thrown: unknown;
    try {
      db.exec('INSERT INTO t VALUES (1)');
    } catch (error) {
      thrown = error;
    }
    db.close();
    expect(outcomeOf(thrown)).toMatchObject({ kind: 'failed', error: { code: 'database_constraint', retryable: false } });
    expect(outcomeOf(new TypeError('x is undefined'))).toEqual({
      kind: 'failed',
      error: { code: 'internal', message: 'Unexpected error: x is undefined', retryable: false },
    });
    // A system error with a code of its own is still a thrown bug, not a code of the list.
    expect(outcomeOf(errno('EISDIR'))).toMatchObject({ kind: 'failed', error: { code: 'internal' } });
  });
});

describe('a 4xx on its way to the queue row', () => {
  const open: Db[] = [];
  afterEach(() => {
    for (const db of open.splice(0)) closeDatabase(db);
  });

  function makeStore(): { db: Db; store: JobStore } {
    const opened = openDatabase(join(mkdtempSync(join(tmpdir(), 'trove-outcome-')), 'trove.db'), {
      migrations,
    });
    if (!opened.ok) throw new Error(opened.error.message);
    open.push(opened.value);
    return { db: opened.value, store: new JobStore(opened.value) };
  }

  it('stores the code, the service message and whether a retry may help; a final error is not retried', async () => {
    const { store } = makeStore();
    let runs = 0;
    const runner: JobRunner = async (job, context) => {
      runs++;
      context.enter('extracting');
      return outcomeOf(errorFromResponse(400, { message: '此帖子是私密的。', code: 'private_content', retryable: false }, v1));
    };
    const queue = new JobQueue({ store, events: new EventBus(), concurrency: () => 1, runPost: runner, runPlaylist: runner, retryDelaysMs: [5, 5] });
    const [id] = store.add([{ kind: 'post', url: v1.url }]) as [number];
    queue.start();
    await queue.idle();
    expect(runs).toBe(1);
    expect(store.get(id)).toMatchObject({
      state: 'failed',
      error: { code: 'private_content', message: '此帖子是私密的。', retryable: false, detail: { status: 400, endpoint: v1.endpoint } },
    });
    await queue.close();
  });

  it('reads a row an earlier Trove stored under the old cancellation name as today\'s', () => {
    const { db, store } = makeStore();
    const [id] = store.add([{ kind: 'post', url: v1.url }]) as [number];
    db.prepare('UPDATE jobs SET error = ? WHERE id = ?').run(JSON.stringify({ code: 'aborted', message: 'The request was cancelled.' }), id);
    expect(store.get(id)?.error).toEqual({ code: 'canceled', message: 'The request was cancelled.' });
    db.prepare('UPDATE jobs SET error = ? WHERE id = ?').run(JSON.stringify({ code: 'from_a_newer_trove', message: 'Kept.' }), id);
    expect(store.get(id)?.error).toEqual({ code: 'unknown', message: 'Kept.' });
  });
});
