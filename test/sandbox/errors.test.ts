import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, RETRYABLE_BY_CODE, V1_TO_LEGACY_ERROR_CODE } from '../../src/shared/error-codes';
import { postSchema } from '../../src/shared/post';
import { extract } from './helpers/api';
import { useSandbox } from './helpers/sandbox';
import { legacyErrorSchema, v1ErrorSchema } from './helpers/schemas';

const sandbox = useSandbox();

describe('the 18 error codes (error.example/<code>)', () => {
  it.each(API_ERROR_CODES)('%s: v1 400 with code and retryable from the one table', async (code) => {
    for (const endpoint of ['post', 'playlist', 'subtitles'] as const) {
      const res = await extract(sandbox(), 'v1', endpoint, { url: `https://error.example/${code}` });
      expect(res.status).toBe(400);
      expect(v1ErrorSchema.parse(res.json)).toMatchObject({ code, retryable: RETRYABLE_BY_CODE[code] });
    }
  });

  it.each(API_ERROR_CODES)('%s: legacy 400 with the PascalCase code and no retryable', async (code) => {
    const res = await extract(sandbox(), 'legacy', 'post', { url: `https://error.example/${code}` });
    // The legacy single-post endpoint reports invalid_url as a 422 (spec, Versioning).
    expect(res.status).toBe(code === 'invalid_url' ? 422 : 400);
    const body = legacyErrorSchema.parse(res.json);
    expect(body.code).toBe(V1_TO_LEGACY_ERROR_CODE[code]);
    expect(body).not.toHaveProperty('retryable');
  });

  it('follows the spec where it fixes retryable', async () => {
    const answer = async (code: string): Promise<unknown> =>
      (await extract(sandbox(), 'v1', 'post', { url: `https://error.example/${code}` })).json;
    expect(await answer('content_deleted')).toMatchObject({ retryable: false });
    expect(await answer('timeout')).toMatchObject({ retryable: true });
    expect(await answer('retryable')).toMatchObject({ retryable: true });
  });

  it('never charges a 400', async () => {
    const before = sandbox().getBalance('sandbox-key');
    for (const code of API_ERROR_CODES) await extract(sandbox(), 'v1', 'post', { url: `https://error.example/${code}` });
    expect(sandbox().getBalance('sandbox-key')).toBe(before);
  });
});

describe('flaky links (error.example/flaky-<n>/<id>)', () => {
  it('fail n times with a retryable code, then succeed; only the success is charged', async () => {
    const url = 'https://error.example/flaky-2/abc';
    const before = sandbox().getBalance('sandbox-key');
    for (let i = 0; i < 2; i++) {
      const res = await extract(sandbox(), 'v1', 'post', { url });
      expect(res.status).toBe(400);
      expect(v1ErrorSchema.parse(res.json).retryable).toBe(true);
    }
    expect(sandbox().getBalance('sandbox-key')).toBe(before);
    const ok = await extract(sandbox(), 'v1', 'post', { url });
    expect(ok.status).toBe(200);
    expect(postSchema.parse(ok.json).id).toBe('abc');
    expect((await extract(sandbox(), 'v1', 'post', { url })).status).toBe(200);
    expect(sandbox().getBalance('sandbox-key')).toBe(before - 2);
  });

  it('count each link separately', async () => {
    expect((await extract(sandbox(), 'v1', 'post', { url: 'https://error.example/flaky-1/one' })).status).toBe(400);
    expect((await extract(sandbox(), 'v1', 'post', { url: 'https://error.example/flaky-1/two' })).status).toBe(400);
    expect((await extract(sandbox(), 'v1', 'post', { url: 'https://error.example/flaky-1/one' })).status).toBe(200);
  });
});

describe('localized messages (Accept-Language)', () => {
  const url = 'https://error.example/content_deleted';
  const message = async (language: string | undefined): Promise<string> => {
    const headers: Record<string, string> = language === undefined ? {} : { 'accept-language': language };
    return v1ErrorSchema.parse((await extract(sandbox(), 'v1', 'post', { url }, { headers })).json).message;
  };

  it('answers en, zh, ja, es and de, each in its own words', async () => {
    const english = await message(undefined);
    expect(english).toMatch(/deleted/i);
    const others = await Promise.all(['zh', 'ja', 'es', 'de'].map(message));
    expect(new Set([english, ...others]).size).toBe(5);
    expect(others[0]).toMatch(/[\u4e00-\u9fff]/);
    expect(others[1]).toMatch(/[\u3040-\u30ff]/);
  });

  it('matches region tags and q-values, falling back to en', async () => {
    const [english, german, japanese] = [await message('en'), await message('de'), await message('ja')];
    expect(await message('de-DE,de;q=0.9')).toBe(german);
    expect(await message('fr-FR, ja;q=0.5, de;q=0.4')).toBe(japanese);
    expect(await message('fr')).toBe(english);
    expect(await message('*')).toBe(english);
    expect(await message('de;q=0, ja;q=0.1')).toBe(japanese);
  });

  it('localizes every kind of error, and legacy bodies too', async () => {
    const auth = await extract(sandbox(), 'v1', 'post', { url }, { key: null, headers: { 'accept-language': 'es' } });
    expect(v1ErrorSchema.parse(auth.json).message).toMatch(/clave/);
    const invalid = await extract(sandbox(), 'legacy', 'post', undefined, { rawBody: '{', headers: { 'accept-language': 'de' } });
    expect(legacyErrorSchema.parse(invalid.json).message).toMatch(/ungültig/);
  });
});
