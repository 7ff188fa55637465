import { describe, expect, it } from 'vitest';
import { postSchema, playlistPageSchema, type Post } from '../../src/shared/post';
import { SUBTITLE_FORMATS, subtitleResultSchema } from '../../src/shared/subtitles';
import { creditsBodySchema, legacyPlaylistSchema, legacyPostSchema, legacySubtitlesSchema } from './helpers/schemas';
import { credits, extract, type Version } from './helpers/api';
import { useSandbox } from './helpers/sandbox';

const sandbox = useSandbox();

async function v1Post(url: string): Promise<Post> {
  const res = await extract(sandbox(), 'v1', 'post', { url });
  expect(res.status).toBe(200);
  return postSchema.parse(res.json);
}

describe('every endpoint answers on both versions', () => {
  it.each<Version>(['v1', 'legacy'])('%s: credits', async (version) => {
    const res = await credits(sandbox(), version);
    expect(res.status).toBe(200);
    expect(creditsBodySchema.parse(res.json).availableCredits).toBe(sandbox().getBalance('sandbox-key'));
  });

  it('v1 and legacy: post, playlist and subtitles in their shapes', async () => {
    const post = await extract(sandbox(), 'legacy', 'post', { url: 'https://video.example/watch/both' });
    expect(post.status).toBe(200);
    legacyPostSchema.parse(post.json);
    const playlist = await extract(sandbox(), 'legacy', 'playlist', { url: 'https://video.example/@both' });
    expect(playlist.status).toBe(200);
    legacyPlaylistSchema.parse(playlist.json);
    const subtitles = await extract(sandbox(), 'legacy', 'subtitles', { url: 'https://video.example/watch/both' });
    expect(subtitles.status).toBe(200);
    legacySubtitlesSchema.parse(subtitles.json);

    const v1Playlist = await extract(sandbox(), 'v1', 'playlist', { url: 'https://video.example/@both' });
    expect(v1Playlist.status).toBe(200);
    expect(playlistPageSchema.parse(v1Playlist.json).site).toBe('video');
    const v1Subtitles = await extract(sandbox(), 'v1', 'subtitles', { url: 'https://video.example/watch/both' });
    expect(v1Subtitles.status).toBe(200);
    expect(subtitleResultSchema.parse(v1Subtitles.json).site).toBe('video');
  });
});

describe('the catalog', () => {
  it('video.example: title, text, author, stats, preview; 360 single file, 720 (default) and 1080 split', async () => {
    const post = await v1Post('https://video.example/watch/abc_D-1');
    expect(post).toMatchObject({ site: 'video', id: 'abc_D-1', post_url: 'https://video.example/watch/abc_D-1' });
    expect(post.title).toBeTruthy();
    expect(post.text).toBeTruthy();
    expect(post.author?.username).toBeTruthy();
    expect(post.stats?.view_count).toBeGreaterThanOrEqual(0);
    expect(post.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const [media] = post.medias;
    expect(media?.media_type).toBe('video');
    expect(media?.preview_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
    const variants = media?.variants ?? [];
    expect(variants.map((v) => v.quality)).toEqual([360, 720, 1080]);
    const [v360, v720, v1080] = variants;
    expect(v360?.video_url).toBeTruthy();
    expect(v360?.audio_url).toBeUndefined();
    for (const split of [v720, v1080]) {
      expect(split?.video_url).toBeTruthy();
      expect(split?.audio_url).toBeTruthy();
      expect(split?.video_filesize).toBeGreaterThan(0);
    }
    expect(variants.filter((v) => v.is_default).map((v) => v.quality)).toEqual([720]);
  });

  it('is deterministic apart from the signed URLs', async () => {
    const strip = (post: Post): string => JSON.stringify(post).replace(/\?exp=[^"]*/g, '');
    expect(strip(await v1Post('https://video.example/watch/same'))).toBe(strip(await v1Post('https://video.example/watch/same')));
  });

  it('photos.example: only text, three images, no title or stats', async () => {
    const post = await v1Post('https://photos.example/p/ph1');
    expect(post.title).toBeUndefined();
    expect(post.stats).toBeUndefined();
    expect(post.text).toBeTruthy();
    expect(post.medias.map((m) => m.media_type)).toEqual(['image', 'image', 'image']);
  });

  it('music.example: an audio item with two language tracks, one default', async () => {
    const post = await v1Post('https://music.example/t/song');
    const [media] = post.medias;
    expect(media?.media_type).toBe('audio');
    const tracks = media?.variants ?? [];
    expect(tracks).toHaveLength(2);
    expect(tracks.map((t) => t.language_tag)).toEqual(['en-US', 'ja-JP']);
    expect(tracks.every((t) => t.language_name && t.audio_url && !t.video_url)).toBe(true);
    expect(tracks.filter((t) => t.is_default)).toHaveLength(1);
  });

  it('ai.example: one variant of quality 9999 labelled Original', async () => {
    const post = await v1Post('https://ai.example/s/gen42');
    const variants = post.medias[0]?.variants ?? [];
    expect(variants).toHaveLength(1);
    expect(variants[0]).toMatchObject({ quality: 9999, quality_label: 'Original' });
  });

  it('files.example and live.example: one file item, one live item', async () => {
    expect((await v1Post('https://files.example/f/doc')).medias.map((m) => m.media_type)).toEqual(['file']);
    expect((await v1Post('https://live.example/stream1')).medias.map((m) => m.media_type)).toEqual(['live']);
  });

  it('guarded.example: every media item carries headers', async () => {
    const post = await v1Post('https://guarded.example/watch/g1');
    expect(post.medias.length).toBeGreaterThan(0);
    for (const media of post.medias) expect(media.headers?.Referer).toBe('https://guarded.example/');
  });

  it('video.example profiles and playlists: profile fields and N posts', async () => {
    const res = await extract(sandbox(), 'v1', 'playlist', { url: 'https://video.example/playlist/mix-3' });
    const page = playlistPageSchema.parse(res.json);
    expect(page.profile).toMatchObject({ username: 'mix', post_count: 3 });
    expect(page.profile?.display_name).toBeTruthy();
    expect(page.profile?.avatar_url).toBeTruthy();
    expect(page.posts).toHaveLength(3);
    const profile = playlistPageSchema.parse((await extract(sandbox(), 'v1', 'playlist', { url: 'https://video.example/@ann' })).json);
    expect(profile.profile?.post_count).toBe(45);
  });

  it('subtitles: three languages, each in all seven formats', async () => {
    const res = await extract(sandbox(), 'v1', 'subtitles', { url: 'https://video.example/watch/subs' });
    const result = subtitleResultSchema.parse(res.json);
    expect(result.text).toBeTruthy();
    expect(result.subtitles.length).toBeGreaterThanOrEqual(3);
    for (const track of result.subtitles) {
      expect(track.language_name).toBeTruthy();
      expect(track.urls.map((u) => u.format).sort()).toEqual([...SUBTITLE_FORMATS].sort());
    }
  });

  it.each([
    ['post', 'https://elsewhere.example/watch/1', 'unsupported_site'],
    ['post', 'https://video.example/nothing/here', 'unsupported_url'],
    ['post', 'https://video.example/@someone', 'playlist_not_supported'],
    ['playlist', 'https://video.example/watch/1', 'invalid_playlist_url'],
    ['playlist', 'https://photos.example/p/1', 'invalid_playlist_url'],
    ['subtitles', 'https://photos.example/p/1', 'unsupported_site'],
    ['subtitles', 'https://video.example/@someone', 'unsupported_url'],
  ] as const)('%s %s → 400 %s', async (endpoint, url, code) => {
    const res = await extract(sandbox(), 'v1', endpoint, { url });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code });
  });
});
