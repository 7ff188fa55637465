import { describe, expect, it } from 'vitest';
import { extract, request, type ExtractEndpoint, type Version } from './helpers/api';
import { useSandbox } from './helpers/sandbox';
import { detailSchema, legacyErrorSchema, v1ErrorSchema } from './helpers/schemas';

const sandbox = useSandbox();
const endpoints: ExtractEndpoint[] = ['post', 'playlist', 'subtitles'];
const versions: Version[] = ['v1', 'legacy'];

const cases = [
  { name: 'a non-JSON body', rawBody: '{"url": ', loc: ['body'], type: 'json_invalid' },
  { name: 'an empty body', rawBody: '', loc: ['body'], type: 'missing' },
  { name: 'a JSON array', rawBody: '["https://video.example/watch/1"]', loc: ['body'], type: 'object_type' },
  { name: 'a missing url', rawBody: '{"link": "https://video.example/watch/1"}', loc: ['body', 'url'], type: 'missing' },
  { name: 'a numeric url', rawBody: '{"url": 42}', loc: ['body', 'url'], type: 'string_type' },
  { name: 'a null url', rawBody: '{"url": null}', loc: ['body', 'url'], type: 'string_type' },
  { name: 'a non-string cursor', rawBody: '{"url": "https://video.example/@a", "cursor": 3}', loc: ['body', 'cursor'], type: 'string_type' },
];

describe('422: the request body', () => {
  for (const version of versions) {
    for (const endpoint of endpoints) {
      it.each(cases)(`${version} ${endpoint}: $name`, async ({ rawBody, loc, type }) => {
        const before = sandbox().getBalance('sandbox-key');
        const res = await extract(sandbox(), version, endpoint, undefined, { rawBody });
        expect(res.status).toBe(422);
        const body = version === 'v1' ? v1ErrorSchema.parse(res.json) : legacyErrorSchema.parse(res.json);
        const detail = detailSchema.parse(body.detail);
        expect(detail).toContainEqual(expect.objectContaining({ loc, type }));
        expect(sandbox().getBalance('sandbox-key')).toBe(before);
      });
    }
  }
});

describe('malformed links', () => {
  const malformed = ['not a url', 'ftp://video.example/watch/1', 'video.example/watch/1', ''];

  it.each(endpoints)('v1 %s: always 400 invalid_url', async (endpoint) => {
    for (const url of malformed) {
      const res = await extract(sandbox(), 'v1', endpoint, { url });
      expect(res.status).toBe(400);
      expect(v1ErrorSchema.parse(res.json)).toMatchObject({ code: 'invalid_url', retryable: false });
    }
  });

  it('legacy post: 422 InvalidURL with a detail', async () => {
    for (const url of malformed) {
      const res = await extract(sandbox(), 'legacy', 'post', { url });
      expect(res.status).toBe(422);
      const body = legacyErrorSchema.parse(res.json);
      expect(body.code).toBe('InvalidURL');
      expect(detailSchema.parse(body.detail)[0]?.loc).toEqual(['body', 'url']);
    }
  });

  it.each(['playlist', 'subtitles'] as const)('legacy %s: 400 InvalidURL', async (endpoint) => {
    for (const url of malformed) {
      const res = await extract(sandbox(), 'legacy', endpoint, { url });
      expect(res.status).toBe(400);
      expect(legacyErrorSchema.parse(res.json).code).toBe('InvalidURL');
    }
  });
});

describe('routes', () => {
  it.each(versions)('%s: unknown path → 404, wrong method → 405 with Allow', async (version) => {
    expect((await request(sandbox(), version, 'GET', '/nothing')).status).toBe(404);
    const wrong = await request(sandbox(), version, 'GET', '/extract/post');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('each version has only its own credits path', async () => {
    expect((await request(sandbox(), 'v1', 'GET', '/available-credits')).status).toBe(404);
    expect((await request(sandbox(), 'legacy', 'GET', '/credits')).status).toBe(404);
  });

  it('ignores unknown body fields', async () => {
    const res = await extract(sandbox(), 'v1', 'post', { url: 'https://video.example/watch/x', extra: true });
    expect(res.status).toBe(200);
  });
});
