import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/core/api/rate-limiter';
import { realSleep } from '../../../src/core/api/timing';
import type { Sandbox } from '../../../src/sandbox';
import { startSandbox } from '../../../src/sandbox';
import { displayCaption } from '../../../src/shared/display-caption';
import { API_ERROR_CODES, RETRYABLE_BY_CODE } from '../../../src/shared/error-codes';
import { postSchema } from '../../../src/shared/post';
import type { Post } from '../../../src/shared/post';
import { SUBTITLE_FORMATS } from '../../../src/shared/subtitles';
import { chooseAudioTrack, recommendedVariant } from '../../../src/shared/variant-choice';
import { isSplitStream, qualityLabel } from '../../../src/shared/variant-info';
import { errorOf, valueOf } from './helpers/expect-result';
import { recordedClient } from './helpers/sandbox-client';

const VERSIONS = ['v1', 'legacy'] as const;
const KEY = 'sandbox-key';
/** Its own key: the 429 test fills the sandbox's window for this key only. */
const FLOOD_KEY = 'flood-key';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY, FLOOD_KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

const chargesOf = (version: string): number =>
  sandbox.stats().charges.filter((charge) => charge.endpoint.startsWith(`${version} `)).length;

describe.each(VERSIONS)('service client, %s API, against the sandbox', (version) => {
  const client = (options?: Parameters<typeof recordedClient>[2]) => recordedClient(sandbox.url, version, options);

  it('extracts a video post into the v1 model, charged, with the raw body kept', async () => {
    const { client: api } = client();
    const result = await api.extractPost('https://video.example/watch/abc');
    const post = valueOf(result);
    expect(result.charged).toBe(true);
    expect(postSchema.parse(post)).toEqual(post);
    expect(displayCaption(post)).toBe('Sample video abc');
    const media = post.medias[0];
    expect(media?.variants?.map((variant) => variant.quality)).toEqual([360, 720, 1080]);
    expect(media?.variants?.map((variant) => isSplitStream(variant))).toEqual([false, true, true]);
    expect(media && recommendedVariant(media)?.quality).toBe(720);
    expect(post.author?.avatar_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
    expect(result.ok && result.raw).toHaveProperty(['medias', 0, version === 'v1' ? 'variants' : 'formats']);
  });

  it('normalizes every kind of item in the catalog', async () => {
    const { client: api } = client();
    const photos = valueOf(await api.extractPost('https://photos.example/p/1'));
    expect(photos.title).toBeUndefined();
    expect(displayCaption(photos)).toBe(photos.text);
    expect(photos.medias.map((media) => media.media_type)).toEqual(['image', 'image', 'image']);
    expect(photos.stats).toBeUndefined();

    const music = valueOf(await api.extractPost('https://music.example/t/1'));
    const tracks = music.medias[0]?.variants ?? [];
    expect(tracks).toHaveLength(2);
    expect(chooseAudioTrack(tracks, ['ja'])?.language_tag).toBe('ja-JP');
    expect(chooseAudioTrack(tracks, ['fr'])?.is_default).toBe(true);

    const ai = valueOf(await api.extractPost('https://ai.example/s/1'));
    const original = ai.medias[0] && recommendedVariant(ai.medias[0], 'original');
    expect(original?.quality).toBe(9999);
    expect(original && qualityLabel(original)).toBe('Original');

    expect(valueOf(await api.extractPost('https://files.example/f/1')).medias[0]?.media_type).toBe('file');
    expect(valueOf(await api.extractPost('https://live.example/1')).medias[0]?.media_type).toBe('live');
    const guarded = valueOf(await api.extractPost('https://guarded.example/watch/1'));
    expect(guarded.medias[0]?.headers).toEqual({ Referer: 'https://guarded.example/' });
  });

  it('pages a 45-post profile to the end, passing each cursor back unchanged', async () => {
    const { client: api, requests } = client();
    const chargesBefore = chargesOf(version);
    const pages = [];
    for await (const page of api.pages('https://video.example/@ann')) pages.push(page);

    const values = pages.map((page) => valueOf(page));
    expect(values.map((page) => page.posts.length)).toEqual([20, 20, 5]);
    expect(values.map((page) => page.has_more)).toEqual([true, true, false]);
    expect(values[2]?.next_cursor).toBe('');
    expect(new Set(values.flatMap((page) => page.posts.map((post) => post.id))).size).toBe(45);
    expect(values[0]?.profile?.username).toBe('ann');
    expect(values[0]?.profile?.avatar_url).toBeDefined();
    expect(requests.map((request) => request.body)).toEqual([
      { url: 'https://video.example/@ann' },
      { url: 'https://video.example/@ann', cursor: (pages[0]?.ok && (pages[0].raw as { next_cursor: string }).next_cursor) || 'none' },
      { url: 'https://video.example/@ann', cursor: (pages[1]?.ok && (pages[1].raw as { next_cursor: string }).next_cursor) || 'none' },
    ]);
    expect(pages.every((page) => page.charged)).toBe(true);
    expect(chargesOf(version) - chargesBefore).toBe(3);
  });

  it('stops paging after a failed page', async () => {
    const { client: api, requests } = client();
    const pages = [];
    for await (const page of api.pages('https://video.example/no-such-path')) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(errorOf(pages[0] ?? expect.fail('no page')).code).toBe('unsupported_url');
    expect(requests).toHaveLength(1);
  });

  it('extracts subtitles: at least three languages, each in all seven formats', async () => {
    const { client: api } = client();
    const result = await api.extractSubtitles('https://video.example/watch/abc');
    const subtitles = valueOf(result);
    expect(result.charged).toBe(true);
    expect(subtitles.text).toBe('Sample video abc');
    expect(subtitles.subtitles.length).toBeGreaterThanOrEqual(3);
    for (const track of subtitles.subtitles) {
      expect(track.language_tag).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
      expect(track.urls.map((url) => url.format).sort()).toEqual([...SUBTITLE_FORMATS].sort());
    }
  });

  it('reads the balance for free', async () => {
    const { client: api } = client();
    const chargesBefore = sandbox.stats().charges.length;
    const result = await api.credits();
    expect(valueOf(result).availableCredits).toBe(sandbox.getBalance(KEY));
    expect(result.charged).toBe(false);
    expect(sandbox.stats().charges.length).toBe(chargesBefore);
  });

  it('401: a wrong key stops at once, never retried', async () => {
    const { client: api, requests } = client({ key: 'not-the-key' });
    const result = await api.extractPost('https://video.example/watch/abc');
    expect(errorOf(result)).toMatchObject({ status: 401, code: 'unauthorized', retryable: false });
    expect(result.charged).toBe(false);
    expect(requests).toHaveLength(1);
    expect(errorOf(await api.credits()).code).toBe('unauthorized');
  });

  it('no key: a clear error without any request', async () => {
    const { client: api, requests } = client({ key: undefined });
    const before = sandbox.stats().requests;
    const error = errorOf(await api.extractPost('https://video.example/watch/abc'));
    expect(error).toMatchObject({ status: null, code: 'unauthorized', retryable: false });
    expect(error.message).toMatch(/No API key is set/);
    expect(error.message).toMatch(/TROVE_API_KEY/);
    expect(requests).toHaveLength(0);
    expect(sandbox.stats().requests).toBe(before);
  });

  it('402: out of credits stops extracting; the free balance query still answers', async () => {
    const { client: api, requests } = client();
    const balance = sandbox.getBalance(KEY);
    sandbox.setBalance(KEY, 0);
    try {
      const result = await api.extractPost('https://video.example/watch/abc');
      expect(errorOf(result)).toMatchObject({ status: 402, code: 'out_of_credits', retryable: false });
      expect(result.charged).toBe(false);
      expect(requests).toHaveLength(1);
      expect(valueOf(await api.credits()).availableCredits).toBe(0);
    } finally {
      sandbox.setBalance(KEY, balance);
    }
  });

  it('a malformed link is invalid_url (v1 400; legacy single-post 422 with detail)', async () => {
    const { client: api, requests } = client();
    const post = errorOf(await api.extractPost('not a link'));
    expect(post).toMatchObject({ code: 'invalid_url', retryable: false, status: version === 'v1' ? 400 : 422 });
    if (version === 'legacy') expect(post.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc: ['body', 'url'] })]));
    expect(errorOf(await api.extractPlaylist('not a link'))).toMatchObject({ code: 'invalid_url', status: 400 });
    expect(requests).toHaveLength(2);
  });

  it('429: a client that ignores the limit is throttled, waits for Retry-After and gets through', async () => {
    const slept: number[] = [];
    const { client: api } = client({
      key: FLOOD_KEY,
      rateLimiter: createRateLimiter({ windows: [{ limit: 1_000, windowMs: 1_000 }] }),
      sleep: (ms, signal) => {
        slept.push(ms);
        return realSleep(ms, signal);
      },
      retry: { maxAttempts: 5 },
    });
    const throttledBefore = sandbox.stats().rateLimited;
    const results = await Promise.all(Array.from({ length: 30 }, () => api.credits()));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(sandbox.stats().rateLimited).toBeGreaterThan(throttledBefore);
    expect(slept.length).toBeGreaterThan(0);
    expect(slept.every((ms) => ms === 1_000)).toBe(true); // the sandbox sends Retry-After: 1
  });

  it('retries a retryable failure and stops after the cap (flaky links)', async () => {
    const { client: api, requests } = client({ retry: { maxAttempts: 4 } });
    const recovers = `https://error.example/flaky-2/${version}-recovers`;
    const result = await api.extractPost(recovers);
    expect(valueOf(result)).toBeDefined();
    expect(result.charged).toBe(true);
    expect(requests).toHaveLength(3);
    expect(sandbox.stats().charges.filter((charge) => charge.url === recovers)).toHaveLength(1);

    const { client: capped, requests: cappedRequests } = client({ retry: { maxAttempts: 3 } });
    const gaveUp = await capped.extractPost(`https://error.example/flaky-9/${version}-gives-up`);
    expect(errorOf(gaveUp)).toMatchObject({ status: 400, retryable: true });
    expect(gaveUp.charged).toBe(false);
    expect(cappedRequests).toHaveLength(3);
  });

  it('a final 400 is not retried', async () => {
    const { client: api, requests } = client({ retry: { maxAttempts: 4 } });
    expect(errorOf(await api.extractPost('https://error.example/content_deleted')).code).toBe('content_deleted');
    expect(requests).toHaveLength(1);
  });

  it('cancels: an aborted signal sends nothing, and an abort during a retry wait ends the call', async () => {
    const { client: api, requests } = client();
    expect(errorOf(await api.extractPost('https://video.example/watch/abc', { signal: AbortSignal.abort() })).code).toBe('canceled');
    expect(requests).toHaveLength(0);

    const { client: slow, requests: slowRequests } = client({ random: () => 1, retry: { maxAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const controller = new AbortController();
    const pending = slow.extractPost(`https://error.example/flaky-9/${version}-cancelled`, { signal: controller.signal });
    while (slowRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(errorOf(await pending)).toMatchObject({ code: 'canceled', retryable: false });
    expect(slowRequests).toHaveLength(1);
  });
});

describe('both versions, the same answers', () => {
  const both = (options?: Parameters<typeof recordedClient>[2]) =>
    VERSIONS.map((version) => recordedClient(sandbox.url, version, { retry: { maxAttempts: 1 }, ...options }).client);
  const withoutQuery = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/\?exp=[^"]*/g, '')) as T;

  it('a post normalizes to the v1 model, minus what legacy does not send', async () => {
    const [v1, legacy] = await Promise.all(both().map((api) => api.extractPost('https://video.example/watch/same')));
    const fromV1 = valueOf(v1 ?? expect.fail('no v1 result'));
    const fromLegacy = valueOf(legacy ?? expect.fail('no legacy result'));
    // Legacy has no site, one caption (the title where there is one), no author display name.
    const { site: _site, title, text, author, ...rest } = fromV1;
    const expected: Post = { ...rest, text: title ?? text, author: { username: author?.username, avatar_url: author?.avatar_url } };
    expect(withoutQuery(fromLegacy)).toEqual(withoutQuery(expected));
  });

  it('all 18 codes map to the same normalized errors', async () => {
    const chargesBefore = sandbox.stats().charges.length;
    const clients = both();
    for (const code of API_ERROR_CODES) {
      const [v1, legacy] = await Promise.all(clients.map((api) => api.extractPost(`https://error.example/${code}`)));
      const fromV1 = errorOf(v1 ?? expect.fail('no v1 result'));
      const fromLegacy = errorOf(legacy ?? expect.fail('no legacy result'));
      expect(fromV1).toMatchObject({ kind: 'api', status: 400, code, retryable: RETRYABLE_BY_CODE[code], url: `https://error.example/${code}` });
      const same = ({ code: c, retryable, message, url }: typeof fromV1) => ({ code: c, retryable, message, url });
      expect(same(fromLegacy)).toEqual(same(fromV1));
      expect(fromLegacy.endpoint).toBe('POST /openapi/extract/post');
      expect(fromV1.endpoint).toBe('POST /openapi/v1/extract/post');
    }
    expect(sandbox.stats().charges.length).toBe(chargesBefore);
  });

  it('passes localized messages through, alike from both versions', async () => {
    const messages = new Map<string, string>();
    for (const language of ['en', 'de', 'ja', 'es', 'zh']) {
      const results = await Promise.all(both({ language }).map((api) => api.extractPost('https://error.example/private_content')));
      const [fromV1, fromLegacy] = results.map((result) => errorOf(result).message);
      expect(fromLegacy).toBe(fromV1);
      messages.set(language, fromV1 ?? '');
    }
    expect(messages.get('de')).toBe('Dieser Inhalt ist privat.');
    expect(new Set(messages.values()).size).toBe(5);
    const [unauthorizedJa] = await Promise.all(both({ language: 'ja', key: 'wrong' }).map((api) => api.credits()));
    expect(errorOf(unauthorizedJa ?? expect.fail('no result')).message).toMatch(/[\u3040-\u30ff]/);
  });

  it('charged flags match what the sandbox billed', async () => {
    sandbox.resetStats();
    const results = [];
    for (const api of both({ retry: { maxAttempts: 3 } })) {
      results.push(
        await api.extractPost('https://video.example/watch/billing'),
        await api.extractPost('https://error.example/extract_failed'),
        await api.extractPlaylist('https://video.example/playlist/bill-3'),
        await api.extractSubtitles('https://video.example/watch/billing'),
        await api.extractSubtitles('https://photos.example/p/1'),
        await api.credits(),
        await api.extractPost(`https://error.example/flaky-1/billing-${api.apiVersion}`),
      );
    }
    expect(results.map((result) => result.charged)).toEqual([true, false, true, true, false, false, true, true, false, true, true, false, false, true]);
    expect(results.filter((result) => result.charged)).toHaveLength(sandbox.stats().charges.length);
  });
});
