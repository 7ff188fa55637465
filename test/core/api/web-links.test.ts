import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/core/api/service-client';
import { valueOf } from './helpers/expect-result';
import { json, startScriptedServer } from './helpers/scripted-server';

/*
 * The service's links that Trove shows or opens — the post's page, previews, avatars —
 * were kept whatever their scheme, so a hostile service could plant `javascript:` as a
 * library post's link (found by test/reliability/hostile-service). Such a link is now
 * treated as absent. Media URLs stay: the downloader refuses them with a clear error.
 */

const UNSAFE = ['javascript:alert(1)', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'vbscript:x', 'not a url'];

const post = (link: string) => ({
  id: 'p',
  post_url: link,
  author: { username: 'u', avatar_url: link },
  medias: [{ media_type: 'file', resource_url: link, preview_url: link }],
});

let server: Awaited<ReturnType<typeof startScriptedServer>>;
let answer: unknown;
beforeAll(async () => {
  server = await startScriptedServer((_request, response) => json(response, 200, answer));
});
afterAll(() => server.close());

const client = (apiVersion: 'v1' | 'legacy') =>
  createServiceClient({ baseUrl: server.url, apiVersion, getKey: async () => 'k', retry: { maxAttempts: 1 } });

describe('links from the service', () => {
  it.each(UNSAFE)('drops a %j post link, preview and avatar (v1 post and playlist page)', async (link) => {
    answer = post(link);
    const extracted = valueOf(await client('v1').extractPost('https://video.example/watch/p'));
    expect(extracted.post_url).toBeUndefined();
    expect(extracted.author).toEqual({ username: 'u' });
    expect(extracted.medias[0]).toEqual({ media_type: 'file', resource_url: link });

    answer = { posts: [post(link)], has_more: false, next_cursor: '', profile: { username: 'u', avatar_url: link } };
    const page = valueOf(await client('v1').extractPlaylist('https://video.example/@u'));
    expect(page.posts[0]?.post_url).toBeUndefined();
    expect(page.posts[0]?.medias[0]?.preview_url).toBeUndefined();
    expect(page.profile).toEqual({ username: 'u' });
  });

  it('drops them from legacy answers too', async () => {
    answer = { id: 'p', text: 't', post_url: 'javascript:x', user: { username: 'u', image_url: 'file:///x' }, medias: [{ media_type: 'file', resource_url: 'https://m/x', preview_url: 'data:x' }] };
    const extracted = valueOf(await client('legacy').extractPost('https://video.example/watch/p'));
    expect(extracted.post_url).toBeUndefined();
    expect(extracted.author?.avatar_url).toBeUndefined();
    expect(extracted.medias[0]?.preview_url).toBeUndefined();
  });

  it('keeps http and https links as they are', async () => {
    answer = post('https://video.example/watch/p');
    const extracted = valueOf(await client('v1').extractPost('https://video.example/watch/p'));
    expect(extracted).toEqual(post('https://video.example/watch/p'));
  });
});
