import { describe, expect, it } from 'vitest';
import { COST_BY_ENDPOINT } from '../../src/sandbox';
import { credits, extract } from './helpers/api';
import { useSandbox } from './helpers/sandbox';
import { legacyErrorSchema, v1ErrorSchema } from './helpers/schemas';

const sandbox = useSandbox({ keys: ['payer', 'other'], credits: 100 });
const VIDEO = 'https://video.example/watch/bill';
const PROFILE = 'https://video.example/@bill-3';

describe('billing', () => {
  it('debits the cost table on every 200 extraction, in both versions', async () => {
    sandbox().setBalance('payer', 100);
    sandbox().resetStats();
    await extract(sandbox(), 'v1', 'post', { url: VIDEO }, { key: 'payer' });
    await extract(sandbox(), 'legacy', 'playlist', { url: PROFILE }, { key: 'payer' });
    await extract(sandbox(), 'v1', 'subtitles', { url: VIDEO }, { key: 'payer' });
    const spent = COST_BY_ENDPOINT.post + COST_BY_ENDPOINT.playlist + COST_BY_ENDPOINT.subtitles;
    expect(sandbox().getBalance('payer')).toBe(100 - spent);
    expect(sandbox().stats().charges.map(({ key, endpoint, url, cost }) => ({ key, endpoint, url, cost }))).toEqual([
      { key: 'payer', endpoint: 'v1 POST /extract/post', url: VIDEO, cost: COST_BY_ENDPOINT.post },
      { key: 'payer', endpoint: 'legacy POST /extract/playlist', url: PROFILE, cost: COST_BY_ENDPOINT.playlist },
      { key: 'payer', endpoint: 'v1 POST /extract/subtitles', url: VIDEO, cost: COST_BY_ENDPOINT.subtitles },
    ]);
  });

  it('never debits a 400, a 422 or a credit query', async () => {
    sandbox().setBalance('payer', 50);
    sandbox().resetStats();
    await extract(sandbox(), 'v1', 'post', { url: 'https://error.example/timeout' }, { key: 'payer' });
    await extract(sandbox(), 'legacy', 'post', { url: 'https://nowhere.example/x' }, { key: 'payer' });
    await extract(sandbox(), 'v1', 'post', undefined, { key: 'payer', rawBody: 'nope' });
    await credits(sandbox(), 'v1', { key: 'payer' });
    await credits(sandbox(), 'legacy', { key: 'payer' });
    expect(sandbox().getBalance('payer')).toBe(50);
    expect(sandbox().stats().charges).toEqual([]);
  });

  it('402 when the balance is below the cost; the cheaper call still goes through', async () => {
    sandbox().setBalance('payer', COST_BY_ENDPOINT.playlist - 1);
    const v1 = await extract(sandbox(), 'v1', 'playlist', { url: PROFILE }, { key: 'payer' });
    expect(v1.status).toBe(402);
    expect(v1ErrorSchema.parse(v1.json)).toMatchObject({ code: 'insufficient_credits', retryable: false });
    const legacy = await extract(sandbox(), 'legacy', 'playlist', { url: PROFILE }, { key: 'payer' });
    expect(legacy.status).toBe(402);
    expect(legacyErrorSchema.parse(legacy.json).code).toBe('InsufficientCredits');
    expect((await extract(sandbox(), 'v1', 'post', { url: VIDEO }, { key: 'payer' })).status).toBe(200);
    expect(sandbox().getBalance('payer')).toBe(COST_BY_ENDPOINT.playlist - 1 - COST_BY_ENDPOINT.post);
  });

  it('402 at zero; credit queries still answer', async () => {
    sandbox().setBalance('payer', 0);
    expect((await extract(sandbox(), 'v1', 'post', { url: VIDEO }, { key: 'payer' })).status).toBe(402);
    expect((await credits(sandbox(), 'v1', { key: 'payer' })).json).toEqual({ availableCredits: 0 });
    expect((await credits(sandbox(), 'legacy', { key: 'payer' })).json).toEqual({ availableCredits: 0 });
  });

  it('keeps balances per key', async () => {
    sandbox().setBalance('payer', 10);
    sandbox().setBalance('other', 20);
    await extract(sandbox(), 'v1', 'post', { url: VIDEO }, { key: 'other' });
    expect(sandbox().getBalance('payer')).toBe(10);
    expect(sandbox().getBalance('other')).toBe(20 - COST_BY_ENDPOINT.post);
  });

  it('refuses unknown keys in the admin functions', () => {
    expect(() => sandbox().setBalance('stranger', 5)).toThrow(/stranger/);
    expect(() => sandbox().getBalance('stranger')).toThrow(/stranger/);
  });

  it('counts requests per endpoint in stats', async () => {
    sandbox().resetStats();
    await credits(sandbox(), 'v1', { key: 'payer' });
    await credits(sandbox(), 'legacy', { key: 'payer' });
    await extract(sandbox(), 'v1', 'post', { url: VIDEO }, { key: null });
    const stats = sandbox().stats();
    expect(stats.requests).toBe(3);
    expect(stats.byEndpoint).toEqual({ 'v1 GET /credits': 1, 'legacy GET /available-credits': 1, 'v1 POST /extract/post': 1 });
  });

  it('charges the prices set per endpoint and site through the admin API', async () => {
    const admin = (method: string, body?: unknown) =>
      fetch(`${sandbox().url}/_sandbox/prices`, { method, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    expect((await admin('POST', { endpoint: 'post', site: 'video.example', credits: 3 })).status).toBe(200);
    expect((await admin('POST', { endpoint: 'post', credits: 4 })).status).toBe(200);
    expect((await admin('POST', { endpoint: 'post', credits: -1 })).status).toBe(422);
    expect((await admin('POST', { endpoint: 'credits', credits: 1 })).status).toBe(422);
    expect(await (await admin('GET')).json()).toEqual({
      prices: [
        { endpoint: 'post', site: 'video.example', credits: 3 },
        { endpoint: 'post', credits: 4 },
      ],
    });
    sandbox().setBalance('payer', 100);
    await extract(sandbox(), 'v1', 'post', { url: VIDEO }, { key: 'payer' });
    expect(sandbox().getBalance('payer')).toBe(97);
    await extract(sandbox(), 'legacy', 'post', { url: 'https://photos.example/p/bill' }, { key: 'payer' });
    expect(sandbox().getBalance('payer')).toBe(93);
    await extract(sandbox(), 'v1', 'subtitles', { url: VIDEO }, { key: 'payer' });
    expect(sandbox().getBalance('payer')).toBe(93 - COST_BY_ENDPOINT.subtitles);
    expect((await admin('DELETE')).status).toBe(204);
    await extract(sandbox(), 'v1', 'post', { url: VIDEO }, { key: 'payer' });
    expect(sandbox().getBalance('payer')).toBe(93 - COST_BY_ENDPOINT.subtitles - COST_BY_ENDPOINT.post);
  });
});
