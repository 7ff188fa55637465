import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLibraryStore } from '../../../src/core/library/library-store';
import type { FetchBytes } from '../../../src/core/library/thumbnails/thumbnail-cache';
import { createThumbnailCache } from '../../../src/core/library/thumbnails/thumbnail-cache';
import { err, ok } from '../../../src/shared/errors';
import { videoPost } from './post-fixtures';
import type { TempLibrary } from './temp-library';
import { stepClock, tempLibrary } from './temp-library';
import { unwrap } from './unwrap';

// a real 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7), Buffer.from([0xff, 0xd9])]);

let server: Server;
let base: string;
let requests: string[];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const guarded = request.url?.startsWith('/guarded/');
    if (guarded && request.headers.referer !== 'https://guarded.example/') {
      response.writeHead(403).end('forbidden');
      return;
    }
    const body: Record<string, Buffer> = {
      '/a.png': PNG,
      '/same-bytes.png': PNG,
      '/guarded/b.jpg': JPEG,
      '/page.html': Buffer.from('<html><script>alert(1)</script></html>'),
      '/big.png': Buffer.concat([PNG, Buffer.alloc(5000)]),
    };
    const bytes = body[request.url ?? ''];
    if (!bytes) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'image/png' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The simplest real fetcher: what the queue passes is the download stage's. */
const fetchBytes: FetchBytes = async (url, headers) => {
  const response = await fetch(url, headers ? { headers } : {});
  if (!response.ok) return err({ code: 'http_error', retryable: response.status >= 500, message: `HTTP ${response.status}` });
  return ok(new Uint8Array(await response.arrayBuffer()));
};

let temp: TempLibrary;
let cache: ReturnType<typeof createThumbnailCache>;
beforeEach(() => {
  requests = [];
  temp = tempLibrary();
  cache = createThumbnailCache({ db: temp.db, dataDir: temp.dir, fetchBytes, now: stepClock(), maxBytes: 4096 });
});
afterEach(() => temp.cleanup());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('thumbnail cache', () => {
  it('stores the bytes under their SHA-256 name in <dataDir>/thumbnails and records them', async () => {
    const result = await cache.cache(`${base}/a.png`);
    const expected = { path: join(temp.dir, 'thumbnails', `${sha256(PNG)}.png`), sha256: sha256(PNG), size: PNG.length, mime: 'image/png' };
    expect(result).toEqual({ ok: true, value: expected });
    expect(readFileSync(expected.path)).toEqual(PNG);
    expect(temp.db.prepare('SELECT sha256, path, size, mime FROM thumbnails').all()).toEqual([expected]);
  });

  it('stores identical pictures once, whatever their URL', async () => {
    const first = await cache.cache(`${base}/a.png`);
    const second = await cache.cache(`${base}/same-bytes.png`);
    expect(first.ok && second.ok && first.value.path === second.value.path).toBe(true);
    expect(readdirSync(join(temp.dir, 'thumbnails'))).toEqual([`${sha256(PNG)}.png`]);
    expect(temp.db.prepare('SELECT count(*) FROM thumbnails').pluck().get()).toBe(1);
  });

  it('passes the media headers the service asked for', async () => {
    expect(await cache.cache(`${base}/guarded/b.jpg`)).toMatchObject({ ok: false, error: { code: 'http_error', message: 'HTTP 403' } });
    const result = await cache.cache(`${base}/guarded/b.jpg`, { Referer: 'https://guarded.example/' });
    expect(result).toMatchObject({ ok: true, value: { mime: 'image/jpeg', sha256: sha256(JPEG) } });
    expect(requests).toEqual(['/guarded/b.jpg', '/guarded/b.jpg']);
  });

  it('refuses what is not an image, or too large, and writes nothing', async () => {
    expect(await cache.cache(`${base}/page.html`)).toMatchObject({ ok: false, error: { code: 'thumbnail_not_image' } });
    expect(await cache.cache(`${base}/big.png`)).toMatchObject({ ok: false, error: { code: 'thumbnail_too_large' } });
    expect(await cache.cache(`${base}/missing.png`)).toMatchObject({ ok: false, error: { code: 'http_error', retryable: false } });
    expect(temp.db.prepare('SELECT count(*) FROM thumbnails').pluck().get()).toBe(0);
    const directory = join(temp.dir, 'thumbnails');
    expect(existsSync(directory) ? readdirSync(directory) : []).toEqual([]);
  });

  it('reports a directory it cannot write to as data', async () => {
    writeFileSync(join(temp.dir, 'thumbnails'), 'a file where the directory should be');
    const result = await cache.cache(`${base}/a.png`);
    expect(result).toMatchObject({ ok: false, error: { code: 'thumbnail_write_failed' } });
    expect(temp.db.prepare('SELECT count(*) FROM thumbnails').pluck().get()).toBe(0);
  });
});

describe('thumbnail cache and post removal', () => {
  it('keeps a thumbnail that another post caches while a removal is deleting it', async () => {
    // Bytes at hand, so the second caching runs while the removal's file deletion is under way.
    const instant = createThumbnailCache({ db: temp.db, dataDir: temp.dir, fetchBytes: async () => ok(PNG), now: stepClock() });
    const library = createLibraryStore(temp.db, { now: stepClock() });
    const first = await instant.cache('https://media.video.example/a.png');
    if (!first.ok) throw new Error(first.error.message);
    const [a] = unwrap(library.upsertPosts([{ post: videoPost('a'), media: [{ previewPath: first.value.path }] }]));

    const [report, again] = await Promise.all([library.removePost({ id: a?.id ?? 0, deleteFiles: true }), instant.cache('https://media.video.example/b.png')]);
    expect(again).toMatchObject({ ok: true, value: { path: first.value.path } });
    const [b] = unwrap(library.upsertPosts([{ post: videoPost('b'), media: [{ previewPath: first.value.path }] }]));
    expect(report).toMatchObject({ ok: true });
    // The second post's preview URL has expired by now: its file must still be there, and recorded.
    expect(readFileSync(first.value.path)).toEqual(PNG);
    expect(temp.db.prepare('SELECT path FROM thumbnails').pluck().all()).toEqual([first.value.path]);
    // and once nobody uses it, it goes
    const last = unwrap(await library.removePost({ id: b?.id ?? 0, deleteFiles: true }));
    expect(last.thumbnails).toEqual([{ path: first.value.path, outcome: 'deleted' }]);
    expect(readdirSync(join(temp.dir, 'thumbnails'))).toEqual([]);
  });
});

describe('thumbnails of a post still downloading', () => {
  it('are kept when another post that used them is removed, and go once their own post is', async () => {
    const instant = createThumbnailCache({ db: temp.db, dataDir: temp.dir, fetchBytes: async () => ok(PNG), now: stepClock() });
    const library = createLibraryStore(temp.db, { now: stepClock() });
    const avatar = await instant.cache('https://media.video.example/avatar.png');
    if (!avatar.ok) throw new Error(avatar.error.message);
    const [older] = unwrap(library.upsertPosts([{ post: videoPost('older'), avatarPath: avatar.value.path }]));
    // A new job of the same creator caches the same avatar, then downloads for minutes before recording its post.
    expect(await instant.cache('https://media.video.example/avatar-again.png')).toMatchObject({ ok: true, value: { path: avatar.value.path } });
    const removed = unwrap(await library.removePost({ id: older?.id ?? 0, deleteFiles: true }));
    expect(removed.thumbnails).toEqual([]);
    expect(readFileSync(avatar.value.path)).toEqual(PNG);

    const [newer] = unwrap(library.upsertPosts([{ post: videoPost('newer'), avatarPath: avatar.value.path }]));
    const last = unwrap(await library.removePost({ id: newer?.id ?? 0, deleteFiles: true }));
    expect(last.thumbnails).toEqual([{ path: avatar.value.path, outcome: 'deleted' }]);
    expect(existsSync(avatar.value.path)).toBe(false);
  });
});
