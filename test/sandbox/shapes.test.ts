import { describe, expect, it } from 'vitest';
import { postSchema } from '../../src/shared/post';
import { extract, type ApiResponse } from './helpers/api';
import { emptyValuePaths } from './helpers/empty-values';
import { useSandbox } from './helpers/sandbox';
import { legacyPlaylistSchema, legacyPostSchema, legacySubtitlesSchema } from './helpers/schemas';

const sandbox = useSandbox();

const POSTS = [
  'https://video.example/watch/shape',
  'https://photos.example/p/shape',
  'https://music.example/t/shape',
  'https://ai.example/s/shape',
  'https://files.example/f/shape',
  'https://live.example/shape',
  'https://guarded.example/watch/shape',
];
const PLAYLISTS = ['https://video.example/@shape-3', 'https://video.example/playlist/shape-0'];

async function allResponses(version: 'v1' | 'legacy'): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = [];
  for (const url of POSTS) responses.push(await extract(sandbox(), version, 'post', { url }));
  for (const url of PLAYLISTS) responses.push(await extract(sandbox(), version, 'playlist', { url }));
  responses.push(await extract(sandbox(), version, 'subtitles', { url: POSTS[0] }));
  responses.push(await extract(sandbox(), version, 'post', { url: 'https://error.example/private_content' }));
  responses.push(await extract(sandbox(), version, 'post', { url: 42 }));
  return responses;
}

describe('fields without a value are omitted', () => {
  it('v1: no null and no "" anywhere, except next_cursor "" on the last page', async () => {
    for (const res of await allResponses('v1')) {
      const empty = emptyValuePaths(res.json);
      const isLastPage = typeof res.json === 'object' && res.json !== null && 'has_more' in res.json && res.json.has_more === false;
      expect(empty).toEqual(isLastPage ? ['$.next_cursor'] : []);
    }
  });

  it('legacy: no null and no "" anywhere', async () => {
    for (const res of await allResponses('legacy')) expect(emptyValuePaths(res.json)).toEqual([]);
  });

  it('v1: site on all three extraction responses', async () => {
    for (const endpoint of ['post', 'playlist', 'subtitles'] as const) {
      const url = endpoint === 'playlist' ? PLAYLISTS[0] : POSTS[0];
      expect((await extract(sandbox(), 'v1', endpoint, { url })).json).toMatchObject({ site: 'video' });
    }
  });
});

describe('legacy shapes', () => {
  it('post: text is the title where there is one, formats with the old names, user not author, no site', async () => {
    const v1 = postSchema.parse((await extract(sandbox(), 'v1', 'post', { url: POSTS[0] })).json);
    const legacy = legacyPostSchema.parse((await extract(sandbox(), 'legacy', 'post', { url: POSTS[0] })).json);
    expect(legacy.text).toBe(v1.title);
    expect(legacy.user).toEqual({ username: v1.author?.username, image_url: expect.any(String) });
    const formats = legacy.medias[0]?.formats ?? [];
    const variants = v1.medias[0]?.variants ?? [];
    expect(formats.map((f) => [f.quality, f.quality_note, f.default, f.separate, f.video_size, f.audio_size])).toEqual(
      variants.map((v) => [v.quality, v.quality_label, v.is_default, v.audio_url && v.video_url ? 1 : 0, v.video_filesize, v.audio_filesize]),
    );
    expect(formats.map((f) => f.separate)).toEqual([0, 1, 1]);
  });

  it('post: text is the body on a site without titles', async () => {
    const v1 = postSchema.parse((await extract(sandbox(), 'v1', 'post', { url: POSTS[1] })).json);
    const legacy = legacyPostSchema.parse((await extract(sandbox(), 'legacy', 'post', { url: POSTS[1] })).json);
    expect(v1.title).toBeUndefined();
    expect(legacy.text).toBe(v1.text);
  });

  it('every catalog post fits the legacy post shape', async () => {
    for (const url of POSTS) legacyPostSchema.parse((await extract(sandbox(), 'legacy', 'post', { url })).json);
  });

  it('playlist: user {username, image_url}; no next_cursor on the last page', async () => {
    const page = legacyPlaylistSchema.parse((await extract(sandbox(), 'legacy', 'playlist', { url: PLAYLISTS[0] })).json);
    expect(page.user.username).toBe('shape');
    expect(page.has_more).toBe(false);
    expect(page).not.toHaveProperty('next_cursor');
    const empty = legacyPlaylistSchema.parse((await extract(sandbox(), 'legacy', 'playlist', { url: PLAYLISTS[1] })).json);
    expect(empty.posts).toEqual([]);
  });

  it('subtitles: the subtitle result without site', async () => {
    const result = legacySubtitlesSchema.parse((await extract(sandbox(), 'legacy', 'subtitles', { url: POSTS[0] })).json);
    expect(result.subtitles.length).toBeGreaterThanOrEqual(3);
  });
});
