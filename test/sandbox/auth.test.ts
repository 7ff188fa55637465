import { describe, expect, it } from 'vitest';
import { credits, extract, request } from './helpers/api';
import { useSandbox } from './helpers/sandbox';
import { legacyErrorSchema, v1ErrorSchema } from './helpers/schemas';

const sandbox = useSandbox({ keys: ['key-one', 'key-two'] });
const url = 'https://video.example/watch/auth';

describe('v1 authentication: Authorization: Bearer <key>', () => {
  it('accepts each configured key', async () => {
    expect((await extract(sandbox(), 'v1', 'post', { url }, { key: 'key-one' })).status).toBe(200);
    expect((await extract(sandbox(), 'v1', 'post', { url }, { key: 'key-two' })).status).toBe(200);
  });

  it.each([
    ['no header', {}],
    ['an unknown key', { authorization: 'Bearer nope' }],
    ['two spaces', { authorization: 'Bearer  key-one' }],
    ['a tab', { authorization: 'Bearer\tkey-one' }],
    ['lower-case scheme', { authorization: 'bearer key-one' }],
    ['no scheme', { authorization: 'key-one' }],
    ['the legacy header', { 'x-api-key': 'key-one' }],
  ])('401 with %s', async (_, headers) => {
    const res = await extract(sandbox(), 'v1', 'post', { url }, { key: null, headers });
    expect(res.status).toBe(401);
    expect(v1ErrorSchema.parse(res.json).code).toBe('invalid_api_key');
  });

  it('guards the credits endpoint too', async () => {
    expect((await credits(sandbox(), 'v1', { key: null })).status).toBe(401);
  });
});

describe('legacy authentication: x-api-key', () => {
  it('accepts the same keys', async () => {
    expect((await extract(sandbox(), 'legacy', 'post', { url }, { key: 'key-two' })).status).toBe(200);
  });

  it.each([
    ['no header', {}],
    ['an unknown key', { 'x-api-key': 'nope' }],
    ['the v1 header', { authorization: 'Bearer key-one' }],
  ])('401 with %s', async (_, headers) => {
    for (const res of [
      await extract(sandbox(), 'legacy', 'post', { url }, { key: null, headers }),
      await request(sandbox(), 'legacy', 'GET', '/available-credits', { key: null, headers }),
    ]) {
      expect(res.status).toBe(401);
      expect(legacyErrorSchema.parse(res.json).code).toBe('InvalidApiKey');
    }
  });
});

describe('keys and versions', () => {
  it('share one ledger across v1 and legacy, separate per key', async () => {
    const one = sandbox().getBalance('key-one');
    const two = sandbox().getBalance('key-two');
    await extract(sandbox(), 'v1', 'post', { url }, { key: 'key-one' });
    expect((await credits(sandbox(), 'legacy', { key: 'key-one' })).json).toEqual({ availableCredits: one - 1 });
    await extract(sandbox(), 'legacy', 'post', { url }, { key: 'key-one' });
    expect((await credits(sandbox(), 'v1', { key: 'key-one' })).json).toEqual({ availableCredits: one - 2 });
    expect(sandbox().getBalance('key-two')).toBe(two);
  });

  it('treats Accept-Language as no credential', async () => {
    const res = await extract(sandbox(), 'v1', 'post', { url }, { key: null, headers: { 'accept-language': 'key-one' } });
    expect(res.status).toBe(401);
  });
});
