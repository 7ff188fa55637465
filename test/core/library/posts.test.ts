import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryStore } from '../../../src/core/library/library-store';
import { createLibraryStore } from '../../../src/core/library/library-store';
import { toChosenVariant } from '../../../src/core/library/library-types';
import type { Variant } from '../../../src/shared/post';
import { videoPost } from './post-fixtures';
import type { TempLibrary } from './temp-library';
import { checkSearchIndex, stepClock, tempLibrary } from './temp-library';
import { unwrap } from './unwrap';

let temp: TempLibrary;
let library: LibraryStore;
beforeEach(() => {
  temp = tempLibrary();
  library = createLibraryStore(temp.db, { now: stepClock() });
});
afterEach(() => temp.cleanup());


describe('upserting posts', () => {
  it('stores a post from the normalized model with its media, and no media URL anywhere', () => {
    const post = videoPost('abc');
    const [outcome] = unwrap(library.upsertPosts([{ post, avatarPath: '/data/thumbnails/avatar.jpg' }]));
    expect(outcome).toEqual({ id: 1, created: true });
    const stored = unwrap(library.getPost(1));
    expect(stored).toMatchObject({
      site: 'video.example',
      platformId: 'abc',
      postUrl: 'https://video.example/watch/abc',
      title: 'Video abc',
      caption: 'Video abc',
      author: { username: 'creator', displayName: 'The Creator', avatarPath: '/data/thumbnails/avatar.jpg' },
      stats: { viewCount: 100, likeCount: 7 },
      createdAt: Date.parse('2025-06-01T12:00:00Z'),
      mediaTypes: ['video'],
      hasSubtitles: false,
      media: [{ index: 0, mediaType: 'video', duration: 12, previewPath: null, variant: null }],
    });
    const dump = temp.db.prepare('SELECT * FROM posts, media_items').all();
    expect(JSON.stringify(dump)).not.toContain('media.video.example');
  });

  it('uses text as the caption when there is no title (the spec rule)', () => {
    const [outcome] = unwrap(library.upsertPosts([{ post: videoPost('p1', { title: undefined, text: 'only a caption' }) }]));
    expect(unwrap(library.getPost(outcome!.id))?.caption).toBe('only a caption');
  });

  it('merges a post seen again without erasing what the new data lacks', () => {
    unwrap(library.upsertPosts([{ post: videoPost('abc') }]));
    const sparse = { site: 'video.example', id: 'abc', text: 'new text', medias: [{ media_type: 'video' as const, resource_url: 'x' }] };
    const [again] = unwrap(library.upsertPosts([{ post: sparse }]));
    expect(again).toEqual({ id: 1, created: false });
    const stored = unwrap(library.getPost(1));
    expect(stored).toMatchObject({ title: 'Video abc', text: 'new text', author: { username: 'creator' }, stats: { viewCount: 100 } });
    expect(stored?.media[0]?.duration).toBe(12);
    expect(stored?.addedAt).toBeLessThan(Number(temp.db.prepare('SELECT updated_at FROM posts').pluck().get()));
  });

  it('keeps the media types on the post in step with its media items, also across a merge', () => {
    const media = (...types: Array<'video' | 'image' | 'audio'>) => types.map((type, n) => ({ media_type: type, resource_url: `https://x/${n}` }));
    const typesOf = () => unwrap(library.getPost(1))?.mediaTypes;
    const found = (mediaType: 'video' | 'image' | 'audio') => unwrap(library.searchPosts({ mediaType })).total;
    unwrap(library.upsertPosts([{ post: videoPost('abc', { medias: media('image', 'image') }) }]));
    expect(typesOf()).toEqual(['image']);
    // the merge replaces item 0 and keeps item 1, which the new data lacks
    unwrap(library.upsertPosts([{ post: videoPost('abc', { medias: media('audio') }) }]));
    expect(typesOf()).toEqual(['image', 'audio']);
    expect([found('video'), found('image'), found('audio')]).toEqual([0, 1, 1]);
    // the same post twice in one batch, new the first time
    unwrap(library.upsertPosts([{ post: videoPost('two', { medias: media('video') }) }, { post: videoPost('two', { medias: media('image', 'audio') }) }]));
    expect(unwrap(library.getPost(2))?.mediaTypes).toEqual(['image', 'audio']);
    expect([found('video'), found('image'), found('audio')]).toEqual([0, 2, 2]);
  });

  it('records the chosen variant without its URLs, and the cached preview', () => {
    const post = videoPost('abc');
    const variant = post.medias[0]?.variants?.[0] as Variant;
    unwrap(library.upsertPosts([{ post, media: [{ previewPath: '/data/thumbnails/p.jpg' }] }]));
    unwrap(library.setMediaLocal(1, 0, { variant: toChosenVariant(variant) }));
    const media = unwrap(library.getPost(1))?.media[0];
    expect(media).toEqual({
      index: 0,
      mediaType: 'video',
      duration: 12,
      previewPath: '/data/thumbnails/p.jpg',
      variant: { quality: 720, label: '720p', videoCodec: 'avc1.64001f', audioCodec: 'mp4a.40.2' },
    });
    expect(library.setMediaLocal(1, 5, { previewPath: '/x.jpg' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('keeps the search index in step when a post changes, even twice in one batch', () => {
    unwrap(library.upsertPosts([{ post: videoPost('abc', { title: 'first title' }) }, { post: videoPost('abc', { title: 'second title' }) }]));
    unwrap(library.upsertPosts([{ post: videoPost('abc', { title: 'third title' }) }, { post: videoPost('def') }]));
    const found = (query: string) => unwrap(library.searchPosts({ query })).rows.map((row) => row.title);
    expect(found('third')).toEqual(['third title']);
    expect(found('first')).toEqual([]);
    expect(found('second')).toEqual([]);
    expect(found('def')).toEqual(['Video def']);
    expect(() => checkSearchIndex(temp.db)).not.toThrow();
  });

  it('merges a post into one an earlier post of the same batch brought in under the same link', () => {
    const shared = 'https://share.video.example/s/SAME';
    const outcomes = unwrap(
      library.upsertPosts([
        { post: videoPost('first'), sourceUrl: shared },
        { post: videoPost('other') },
        { post: videoPost('second', { site: undefined, id: undefined, post_url: undefined }), sourceUrl: `${shared}/` },
      ]),
    );
    expect(outcomes).toEqual([{ id: 1, created: true }, { id: 2, created: true }, { id: 1, created: false }]);
    const links = temp.db.prepare('SELECT url_key, post_id FROM post_links ORDER BY url_key').all();
    expect(links).toEqual([
      { url_key: shared, post_id: 1 },
      { url_key: 'https://video.example/watch/first', post_id: 1 },
      { url_key: 'https://video.example/watch/other', post_id: 2 },
    ]);
    expect(temp.db.prepare('SELECT post_id, media_index FROM media_items ORDER BY post_id').all()).toEqual([
      { post_id: 1, media_index: 0 },
      { post_id: 2, media_index: 0 },
    ]);
  });

  it('never merges a different post into one that shares a link with it (same site, another id)', () => {
    // a pasted link that led to one post and later to another (a share link reused, a redirect)
    const pasted = 'https://share.video.example/s/LATEST';
    unwrap(library.upsertPosts([{ post: videoPost('old'), sourceUrl: pasted }]));
    unwrap(library.addFile({ postId: 1, path: '/dl/old.mp4', size: 10, kind: 'video' }));
    const [outcome] = unwrap(library.upsertPosts([{ post: videoPost('new'), sourceUrl: pasted }]));
    expect(outcome).toEqual({ id: 2, created: true });
    expect(unwrap(library.getPost(1))).toMatchObject({ platformId: 'old', title: 'Video old', postUrl: 'https://video.example/watch/old', totalSize: 10 });
    expect(unwrap(library.getPost(2))).toMatchObject({ platformId: 'new', title: 'Video new', totalSize: 0 });
    // a post without an id of its own still merges by link
    const [sparse] = unwrap(library.upsertPosts([{ post: videoPost('x', { id: undefined, post_url: undefined, title: undefined }), sourceUrl: pasted }]));
    expect(sparse).toEqual({ id: 1, created: false });
  });

  it('checks a batch for copies as it writes: a merge earlier in the batch gives a stored post the site and id a later post finds it by', () => {
    // known by a link only (pasted before its site and id were known)
    const pasted = 'https://share.video.example/s/ONLY';
    const [stored] = unwrap(library.upsertPosts([{ post: videoPost('x', { site: undefined, id: undefined, post_url: undefined }), sourceUrl: pasted }]));
    const outcomes = unwrap(
      library.upsertPosts([
        { post: videoPost('full'), sourceUrl: pasted }, // merges by the link, bringing site and id
        { post: videoPost('full', { post_url: undefined, title: 'by id' }) }, // no link: found by the site and id just filled in
        { post: videoPost('fresh') },
        { post: videoPost('fresh', { title: 'fresh again' }) }, // a copy of a post new in this batch
      ]),
    );
    expect(outcomes).toEqual([
      { id: stored?.id, created: false },
      { id: stored?.id, created: false },
      { id: 2, created: true },
      { id: 2, created: false },
    ]);
    expect(unwrap(library.getPost(stored?.id ?? 0))).toMatchObject({ site: 'video.example', platformId: 'full', title: 'by id' });
    expect(temp.db.prepare('SELECT count(*) FROM posts').pluck().get()).toBe(2);
    expect(() => checkSearchIndex(temp.db)).not.toThrow();
  });

  it('writes a batch in one transaction: a failure leaves nothing behind', () => {
    const bad = videoPost('bad', { medias: [{ media_type: 'hologram' as 'video', resource_url: 'x' }] });
    const result = library.upsertPosts([{ post: videoPost('good') }, { post: bad }]);
    expect(result).toMatchObject({ ok: false, error: { code: 'database_constraint' } });
    expect(temp.db.prepare('SELECT count(*) FROM posts').pluck().get()).toBe(0);
    // nothing of the failed batch reaches the next one
    unwrap(library.upsertPosts([{ post: videoPost('next') }]));
    const count = (table: string) => temp.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    expect([count('posts'), count('media_items'), count('post_links')]).toEqual([1, 1, 1]);
    expect(() => checkSearchIndex(temp.db)).not.toThrow();
  });
});

describe('findExisting', () => {
  beforeEach(() => {
    unwrap(library.upsertPosts([{ post: videoPost('abc'), sourceUrl: 'https://share.video.example/s/XYZ?ref=copy' }]));
  });

  it('finds a post by site and id first', () => {
    expect(unwrap(library.findExisting({ site: 'video.example', id: 'abc' }))).toMatchObject({ matchedBy: 'id', post: { id: 1 } });
    expect(unwrap(library.findExisting({ site: 'other.example', id: 'abc' }))).toBeNull();
  });

  it('else by post URL, normalized lightly', () => {
    for (const postUrl of [
      'https://video.example/watch/abc',
      'HTTPS://VIDEO.EXAMPLE/watch/abc/',
      'https://video.example:443/watch/abc#t=30',
      '  https://video.example/watch/abc  ',
    ]) {
      expect(unwrap(library.findExisting({ postUrl })), postUrl).toMatchObject({ matchedBy: 'url', post: { platformId: 'abc' } });
    }
    expect(unwrap(library.findExisting({ postUrl: 'https://video.example/watch/ABC' }))).toBeNull();
    expect(unwrap(library.findExisting({ postUrl: 'https://video.example/watch/abc?x=1' }))).toBeNull();
  });

  it('knows the link the user pasted, which lets the check run before the charged call', () => {
    expect(unwrap(library.findExisting({ postUrl: 'https://share.video.example/s/XYZ?ref=copy' }))).toMatchObject({ post: { id: 1 } });
  });

  it('merges a post found by URL into the same row', () => {
    const [outcome] = unwrap(library.upsertPosts([{ post: videoPost('abc', { site: undefined, id: undefined }) }]));
    expect(outcome).toEqual({ id: 1, created: false });
  });

  it('refuses a malformed query as data', () => {
    expect(library.findExisting({ postUrl: '' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('files and subtitles', () => {
  beforeEach(() => {
    unwrap(library.upsertPosts([{ post: videoPost('abc') }, { post: videoPost('def') }]));
  });

  it('records files, keeps the post size in step, and replaces a record written again', () => {
    unwrap(library.addFile({ postId: 1, mediaIndex: 0, path: '/dl/a.mp4', size: 1000, kind: 'video', codecs: 'avc1, mp4a' }));
    unwrap(library.addFile({ postId: 1, mediaIndex: 0, path: '/dl/a.jpg', size: 50, kind: 'thumbnail' }));
    expect(unwrap(library.getPost(1))?.totalSize).toBe(1050);
    unwrap(library.addFile({ postId: 1, mediaIndex: 0, path: '/dl/a.mp4', size: 2000, kind: 'video', sha256: 'a'.repeat(64) }));
    const files = unwrap(library.listFiles(1));
    expect(files.map((f) => [f.path, f.size, f.sha256])).toEqual([
      ['/dl/a.mp4', 2000, 'a'.repeat(64)],
      ['/dl/a.jpg', 50, null],
    ]);
    expect(unwrap(library.getPost(1))?.totalSize).toBe(2050);
  });

  it('refuses a file of an unknown post or with a bad kind, as data', () => {
    expect(library.addFile({ postId: 99, path: '/dl/x', size: 1, kind: 'video' })).toMatchObject({ ok: false, error: { code: 'database_constraint' } });
    expect(library.addFile({ postId: 1, path: '/dl/x', size: -1, kind: 'video' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('saves subtitles as files with a language, and marks the post', () => {
    const subtitle = unwrap(
      library.addSubtitle({ postId: 2, path: '/dl/def.en.srt', size: 300, languageTag: 'en', languageName: 'English', format: 'srt' }),
    );
    expect(subtitle).toMatchObject({ postId: 2, languageTag: 'en', languageName: 'English', format: 'srt', path: '/dl/def.en.srt', size: 300 });
    expect(unwrap(library.listFiles(2))).toMatchObject([{ kind: 'subtitle', path: '/dl/def.en.srt' }]);
    expect(unwrap(library.getPost(2))).toMatchObject({ hasSubtitles: true, subtitles: [{ languageTag: 'en' }] });
    expect(unwrap(library.getPost(1))?.hasSubtitles).toBe(false);
  });
});

describe('removing a post', () => {
  let media: string;
  beforeEach(() => {
    media = join(temp.dir, 'downloads');
    mkdirSync(media);
    const thumbs = join(temp.dir, 'thumbnails');
    mkdirSync(thumbs);
    for (const name of ['shared.jpg', 'own.jpg']) writeFileSync(join(thumbs, name), 'jpg');
    temp.db.prepare("INSERT INTO thumbnails (sha256, path, size, mime, created_at) VALUES (?, ?, 3, 'image/jpeg', 0)").run('1'.repeat(64), join(thumbs, 'shared.jpg'));
    temp.db.prepare("INSERT INTO thumbnails (sha256, path, size, mime, created_at) VALUES (?, ?, 3, 'image/jpeg', 0)").run('2'.repeat(64), join(thumbs, 'own.jpg'));
    unwrap(
      library.upsertPosts([
        { post: videoPost('abc'), avatarPath: join(thumbs, 'shared.jpg'), media: [{ previewPath: join(thumbs, 'own.jpg') }] },
        { post: videoPost('def'), avatarPath: join(thumbs, 'shared.jpg') },
      ]),
    );
    writeFileSync(join(media, 'abc.mp4'), 'video');
    unwrap(library.addFile({ postId: 1, path: join(media, 'abc.mp4'), size: 5, kind: 'video' }));
    unwrap(library.addFile({ postId: 1, path: join(media, 'gone.m4a'), size: 5, kind: 'audio' }));
    unwrap(library.addSubtitle({ postId: 1, path: join(media, 'abc.en.vtt'), size: 3, languageTag: 'en', format: 'vtt' }));
    writeFileSync(join(media, 'abc.en.vtt'), 'WEBVTT');
  });

  it('record only: the rows go, the files stay, thumbnails nobody else uses go', async () => {
    const report = unwrap(await library.removePost({ id: 1, deleteFiles: false }));
    expect(report.files.map((f) => f.outcome)).toEqual(['kept', 'kept', 'kept']);
    expect(report.thumbnails).toEqual([{ path: join(temp.dir, 'thumbnails', 'own.jpg'), outcome: 'deleted' }]);
    expect(existsSync(join(media, 'abc.mp4'))).toBe(true);
    expect(existsSync(join(temp.dir, 'thumbnails', 'shared.jpg'))).toBe(true);
    expect(unwrap(library.getPost(1))).toBeNull();
    for (const table of ['media_items', 'files', 'subtitles', 'post_links']) {
      expect(temp.db.prepare(`SELECT count(*) FROM ${table} WHERE post_id = 1`).pluck().get(), table).toBe(0);
    }
    expect(unwrap(library.findExisting({ postUrl: 'https://video.example/watch/abc' }))).toBeNull();
    expect(unwrap(library.searchPosts({ query: 'abc' })).total).toBe(0);
  });

  it('with files: deletes them and reports each one', async () => {
    const report = unwrap(await library.removePost({ id: 1, deleteFiles: true }));
    expect(Object.fromEntries(report.files.map((f) => [f.path, f.outcome]))).toEqual({
      [join(media, 'abc.mp4')]: 'deleted',
      [join(media, 'gone.m4a')]: 'missing',
      [join(media, 'abc.en.vtt')]: 'deleted',
    });
    expect(existsSync(join(media, 'abc.mp4'))).toBe(false);
    expect(unwrap(library.getPost(2))).not.toBeNull();
  });

  it('an unknown post is a clear error', async () => {
    expect(await library.removePost({ id: 42, deleteFiles: true })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await library.removePost({ id: -1, deleteFiles: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('profiles', () => {
  it('stores a profile by its link and checkpoints the paging cursor', () => {
    const profile = unwrap(
      library.upsertProfile({ url: 'https://video.example/@maker', site: 'video.example', username: 'maker', postCount: 45 }),
    );
    expect(profile).toMatchObject({ username: 'maker', postCount: 45, cursor: null, lastSyncAt: null });
    unwrap(library.checkpointProfile(profile.id, 'opaque-cursor-2'));
    const again = unwrap(library.upsertProfile({ url: 'https://VIDEO.example/@maker/', displayName: 'Maker', followerCount: 10 }));
    expect(again).toMatchObject({ id: profile.id, username: 'maker', displayName: 'Maker', followerCount: 10, cursor: 'opaque-cursor-2' });
    unwrap(library.markProfileSynced(profile.id));
    expect(unwrap(library.getProfile('https://video.example/@maker'))).toMatchObject({ cursor: null, lastSyncAt: expect.any(Number) });
    expect(library.checkpointProfile(999, null)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
