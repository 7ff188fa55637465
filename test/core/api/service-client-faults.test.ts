import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/core/api/rate-limiter';
import { RATE_LIMITS } from '../../../src/core/api/rate-limiter-registry';
import { MAX_BODY_BYTES } from '../../../src/core/api/read-body';
import { REDACTED } from '../../../src/core/secrets/redact-secrets';
import { errorOf, valueOf } from './helpers/expect-result';
import { fakeTime } from './helpers/fake-time';
import { recordedClient } from './helpers/sandbox-client';
import { json, startScriptedServer } from './helpers/scripted-server';
import type { Handler } from './helpers/scripted-server';

const VERSIONS = ['v1', 'legacy'] as const;
const minimalPost = { medias: [{ media_type: 'image', resource_url: 'https://m/1.jpg' }] };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handler: Handler) {
  const server = await startScriptedServer(handler);
  close = server.close;
  return server;
}

describe.each(VERSIONS)('service client, %s API, against a misbehaving server', (version) => {
  const client = (url: string, options?: Parameters<typeof recordedClient>[2]) => recordedClient(url, version, options);

  it('sends the spec headers and body', async () => {
    const server = await serve((_request, response) => json(response, 200, minimalPost));
    const { client: api } = client(server.url, { key: 'k-123', language: 'de' });
    await api.extractPlaylist('https://video.example/@ann', 'cursor/+=');
    valueOf(await api.extractPost('https://video.example/watch/1'));
    const [playlist, post] = server.received;
    expect(playlist?.path).toBe(version === 'v1' ? '/openapi/v1/extract/playlist' : '/openapi/extract/playlist');
    expect(JSON.parse(playlist?.body ?? '')).toEqual({ url: 'https://video.example/@ann', cursor: 'cursor/+=' });
    expect(post?.method).toBe('POST');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['accept-language']).toBe('de');
    if (version === 'v1') {
      expect(post?.headers.authorization).toBe('Bearer k-123');
      expect(post?.headers['x-api-key']).toBeUndefined();
    } else {
      expect(post?.headers['x-api-key']).toBe('k-123');
      expect(post?.headers.authorization).toBeUndefined();
    }
    await api.credits();
    expect(server.received[2]).toMatchObject({ method: 'GET', path: version === 'v1' ? '/openapi/v1/credits' : '/openapi/available-credits', body: '' });
  });

  it('tolerates absent optional fields and ignores unknown ones', async () => {
    const server = await serve((_request, response) => json(response, 200, { ...minimalPost, brand_new_field: [1, 2], medias: [{ ...minimalPost.medias[0], extra: true }] }));
    const { client: api } = client(server.url);
    expect(valueOf(await api.extractPost('https://x/1'))).toEqual(minimalPost);
  });

  it('keeps media headers whose values are numbers, booleans or lists, as the header text sent', async () => {
    const headers = { Referer: 'https://x/', 'X-Tries': 3, 'X-Signed': true, Accept: ['video/mp4', 'video/*'] };
    const server = await serve((_request, response) => json(response, 200, { medias: [{ ...minimalPost.medias[0], headers }] }));
    const post = valueOf(await client(server.url).client.extractPost('https://x/1'));
    expect(post.medias[0]?.headers).toEqual({ Referer: 'https://x/', 'X-Tries': '3', 'X-Signed': 'true', Accept: 'video/mp4, video/*' });
  });

  it.each([
    ['not JSON', (response: Parameters<Handler>[1]) => response.end('<html>Bad gateway</html>'), /not JSON/],
    ['a wrong type', (response: Parameters<Handler>[1]) => json(response, 200, { medias: [{ media_type: 'video', resource_url: 42 }] }), /medias\.0\.resource_url/],
    ['a missing required field', (response: Parameters<Handler>[1]) => json(response, 200, { id: 'x' }), /medias/],
    ['an empty body', (response: Parameters<Handler>[1]) => response.end(), /not JSON/],
    ['a media header no request can carry', (response: Parameters<Handler>[1]) => json(response, 200, { medias: [{ ...minimalPost.medias[0], headers: { Referer: null } }] }), /medias\.0\.headers\.Referer/],
  ])('a 200 with %s becomes invalid_response, charged and not retried', async (_name, answer, message) => {
    const server = await serve((_request, response) => answer(response));
    const { client: api } = client(server.url, { retry: { maxAttempts: 3 } });
    const result = await api.extractPost('https://x/1');
    const error = errorOf(result);
    expect(error).toMatchObject({ status: 200, code: 'invalid_response', retryable: false, url: 'https://x/1' });
    expect(error.message).toMatch(message);
    expect(result.charged).toBe(true); // the service billed the 200 even though its body was useless
    expect(server.received).toHaveLength(1);
  });

  it('a broken credits body is invalid_response but not charged', async () => {
    const server = await serve((_request, response) => json(response, 200, { availableCredits: 'lots' }));
    const result = await client(server.url).client.credits();
    expect(errorOf(result).code).toBe('invalid_response');
    expect(result.charged).toBe(false);
  });

  it('refuses a body over 20 MB, declared or streamed, without reading it all', async () => {
    const huge = Buffer.alloc(MAX_BODY_BYTES + 1024, 0x20);
    const server = await serve((request, response) => {
      if (request.path.endsWith('playlist')) response.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length
      else response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(huge.length) });
      response.end(huge);
    });
    const { client: api } = client(server.url);
    for (const error of [errorOf(await api.extractPost('https://x/1')), errorOf(await api.extractPlaylist('https://x/@a'))]) {
      expect(error).toMatchObject({ code: 'invalid_response', retryable: false });
      expect(error.message).toMatch(/larger than 20 MB/);
    }
  });

  it('422 carries the detail and is not retried', async () => {
    const detail = [{ loc: ['body', 'url'], msg: 'Field required', type: 'missing' }];
    const server = await serve((_request, response) => json(response, 422, { message: 'Invalid body', code: 'invalid_request', detail }));
    const { client: api } = client(server.url, { retry: { maxAttempts: 4 } });
    expect(errorOf(await api.extractPost('https://x/1'))).toMatchObject({ status: 422, code: 'invalid_request', retryable: false, detail, message: 'Invalid body' });
    expect(server.received).toHaveLength(1);
  });

  it('500 is retried with backoff until it succeeds', async () => {
    const server = await serve((_request, response, index) =>
      index < 2 ? json(response, 500, { message: 'Internal error' }) : json(response, 200, minimalPost),
    );
    const slept: number[] = [];
    const { client: api } = client(server.url, {
      random: () => 0.5,
      retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 1_000 },
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    const result = await api.extractPost('https://x/1');
    expect(valueOf(result)).toEqual(minimalPost);
    expect(result.charged).toBe(true);
    expect(server.received).toHaveLength(3);
    expect(slept).toEqual([5, 10]); // half of 10, then of 20: exponential with the jitter fixed
  });

  it('500 without a body stops after maxAttempts as server_error', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(503);
      response.end('Service Unavailable');
    });
    const { client: api } = client(server.url, { retry: { maxAttempts: 3 } });
    const result = await api.extractPost('https://x/1');
    expect(errorOf(result)).toMatchObject({ status: 503, code: 'server_error', retryable: true });
    expect(result.charged).toBe(false);
    expect(server.received).toHaveLength(3);
  });

  it('a 400 without a readable body, or an unexpected status, is invalid_response', async () => {
    const server = await serve((request, response) => {
      response.writeHead(request.path.endsWith('post') ? 400 : 404, { 'content-type': 'text/html' });
      response.end('<h1>nope</h1>');
    });
    const { client: api } = client(server.url, { retry: { maxAttempts: 3 } });
    expect(errorOf(await api.extractPost('https://x/1'))).toMatchObject({ status: 400, code: 'invalid_response' });
    expect(errorOf(await api.credits())).toMatchObject({ status: 404, code: 'invalid_response' });
    expect(server.received).toHaveLength(2);
  });

  it('429 honours Retry-After, and holds the limiter for as long', async () => {
    const server = await serve((_request, response, index) =>
      index === 0 ? json(response, 429, { message: 'Slow down', code: 'too_many_requests' }, { 'retry-after': '2' }) : json(response, 200, minimalPost),
    );
    const slept: number[] = [];
    const limiterTime = fakeTime();
    const { client: api } = client(server.url, {
      rateLimiter: createRateLimiter({ windows: RATE_LIMITS[version], clock: limiterTime.clock, sleep: limiterTime.sleep }),
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    valueOf(await api.extractPost('https://x/1'));
    expect(slept).toEqual([2_000]);
    expect(limiterTime.slept).toEqual([2_000]);
  });

  it('a server that never answers times out, retried up to the cap', async () => {
    const server = await serve(() => undefined); // reads the request, never answers
    const { client: api } = client(server.url, { timeoutMs: 200, retry: { maxAttempts: 2 } });
    const result = await api.extractPost('https://x/1');
    expect(errorOf(result)).toMatchObject({ status: null, code: 'timeout', retryable: true });
    expect(errorOf(result).message).toMatch(/200 ms/);
    expect(server.received).toHaveLength(2);
  });

  it('an unreachable service is network_error, retried up to the cap', async () => {
    const server = await serve(() => undefined);
    await server.close();
    const { client: api, requests } = client(server.url, { retry: { maxAttempts: 3 } });
    const error = errorOf(await api.credits());
    expect(error).toMatchObject({ status: null, code: 'network_error', retryable: true });
    expect(error.message).toMatch(/ECONNREFUSED|connect/);
    expect(requests).toHaveLength(3);
  });

  it('never lets the key into an error, even when the server echoes it', async () => {
    const key = `echo-${version}-7f3a9c`;
    const server = await serve((request, response) =>
      json(response, 401, { message: `Key ${String(request.headers.authorization ?? request.headers['x-api-key'])} is invalid` }),
    );
    const result = await client(server.url, { key }).client.credits();
    expect(JSON.stringify(result)).not.toContain(key);
    expect(errorOf(result).message).toContain(REDACTED);
  });

  it('a key an HTTP header cannot carry is a clear, final key error, with no request', async () => {
    const server = await serve((_request, response) => json(response, 200, minimalPost));
    for (const key of ['abc\u2028def', 'ab\u0001cd', 'key with spaces', 'clé-ünicode']) {
      const { client: api, requests } = client(server.url, { key });
      const error = errorOf(await api.extractPost('https://x/1'));
      expect(error).toMatchObject({ status: null, code: 'unauthorized', retryable: false });
      expect(error.message).toMatch(/API key contains characters/);
      expect(JSON.stringify(error)).not.toContain(key);
      expect(requests).toHaveLength(0);
    }
    expect(server.received).toHaveLength(0);
  });

  it('the first page is asked for without a cursor, even when the caller passes an empty one', async () => {
    const server = await serve((_request, response) => json(response, 200, { posts: [], has_more: false, next_cursor: '' }));
    const { client: api } = client(server.url);
    valueOf(await api.extractPlaylist('https://video.example/@ann', ''));
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({ url: 'https://video.example/@ann' });
  });

  it('a key provider that fails is key_unavailable, with no request', async () => {
    const server = await serve((_request, response) => json(response, 200, minimalPost));
    const { client: api } = client(server.url, {
      getKey: () => Promise.reject(new Error('No keychain is available (Cannot autolaunch D-Bus without X11 $DISPLAY).')),
    });
    const error = errorOf(await api.extractPost('https://x/1'));
    expect(error).toMatchObject({ status: null, code: 'key_unavailable', retryable: false });
    expect(error.message).toMatch(/No keychain is available/);
    expect(server.received).toHaveLength(0);
  });
});
