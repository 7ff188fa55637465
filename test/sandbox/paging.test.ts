import { describe, expect, it } from 'vitest';
import { playlistPageSchema } from '../../src/shared/post';
import { extract } from './helpers/api';
import { useSandbox } from './helpers/sandbox';
import { legacyErrorSchema, legacyPlaylistSchema, v1ErrorSchema } from './helpers/schemas';

const sandbox = useSandbox();
const PROFILE = 'https://video.example/@pager';

describe('paging a 45-post profile to the end', () => {
  it('v1: 20 + 20 + 5, has_more until the last page, next_cursor "" there', async () => {
    const ids: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await extract(sandbox(), 'v1', 'playlist', cursor === undefined ? { url: PROFILE } : { url: PROFILE, cursor });
      expect(res.status).toBe(200);
      const body = playlistPageSchema.parse(res.json);
      sizes.push(body.posts.length);
      ids.push(...body.posts.map((p) => p.id ?? ''));
      expect(body.profile?.post_count).toBe(45);
      if (!body.has_more) {
        expect(body.next_cursor).toBe('');
        break;
      }
      expect(body.next_cursor).not.toBe('');
      cursor = body.next_cursor;
    }
    expect(sizes).toEqual([20, 20, 5]);
    expect(ids).toEqual(Array.from({ length: 45 }, (_, i) => `pager-${i + 1}`));
  });

  it('legacy: the same posts, next_cursor only while has_more', async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await extract(sandbox(), 'legacy', 'playlist', cursor === undefined ? { url: PROFILE } : { url: PROFILE, cursor });
      expect(res.status).toBe(200);
      const body = legacyPlaylistSchema.parse(res.json);
      ids.push(...body.posts.map((p) => p.id ?? ''));
      if (!body.has_more) {
        expect(body).not.toHaveProperty('next_cursor');
        break;
      }
      cursor = body.next_cursor;
      expect(cursor).toBeTruthy();
    }
    expect(ids).toEqual(Array.from({ length: 45 }, (_, i) => `pager-${i + 1}`));
  });

  it('cursors work across versions (same service, same keys)', async () => {
    const first = playlistPageSchema.parse((await extract(sandbox(), 'v1', 'playlist', { url: PROFILE })).json);
    const second = legacyPlaylistSchema.parse((await extract(sandbox(), 'legacy', 'playlist', { url: PROFILE, cursor: first.next_cursor })).json);
    expect(second.posts[0]?.id).toBe('pager-21');
  });

  it('an empty cursor means the first page', async () => {
    const body = playlistPageSchema.parse((await extract(sandbox(), 'v1', 'playlist', { url: PROFILE, cursor: '' })).json);
    expect(body.posts[0]?.id).toBe('pager-1');
  });
});

describe('cursors are tamper-evident', () => {
  async function realCursor(url: string): Promise<string> {
    return playlistPageSchema.parse((await extract(sandbox(), 'v1', 'playlist', { url })).json).next_cursor;
  }

  it('a forged, edited or foreign cursor → 400 invalid_playlist_url, uncharged', async () => {
    const cursor = await realCursor(PROFILE);
    const [payload = '', signature = ''] = cursor.split('.');
    const edited = Buffer.from(JSON.stringify({ u: PROFILE, o: 40 })).toString('base64url');
    const forged = [
      'not-a-cursor',
      `${edited}.${signature}`,
      // One character changed, chosen so that it always differs (a fixed 'AA' matched 1 run in 1,024).
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${payload}`,
      Buffer.from('{"offset":20}').toString('base64'),
      await realCursor('https://video.example/@other'),
    ];
    const before = sandbox().getBalance('sandbox-key');
    for (const bad of forged) {
      const v1 = await extract(sandbox(), 'v1', 'playlist', { url: PROFILE, cursor: bad });
      expect(v1.status).toBe(400);
      expect(v1ErrorSchema.parse(v1.json)).toMatchObject({ code: 'invalid_playlist_url', retryable: false });
      const legacy = await extract(sandbox(), 'legacy', 'playlist', { url: PROFILE, cursor: bad });
      expect(legacy.status).toBe(400);
      expect(legacyErrorSchema.parse(legacy.json).code).toBe('InvalidPlaylistURL');
    }
    expect(sandbox().getBalance('sandbox-key')).toBe(before);
  });
});

describe('page size', () => {
  const small = useSandbox({ pageSize: 3 });

  it('follows the pageSize option', async () => {
    const body = playlistPageSchema.parse((await extract(small(), 'v1', 'playlist', { url: 'https://video.example/playlist/mix-7' })).json);
    expect(body.posts).toHaveLength(3);
    expect(body.has_more).toBe(true);
  });
});
