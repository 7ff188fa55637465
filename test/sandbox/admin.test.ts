import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import { useSandbox } from './helpers/sandbox';

const sandbox = useSandbox({ faults: true, keys: ['k1', 'k2'] });

const admin = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
  const res = await fetch(`${sandbox().url}/_sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
};

describe('the admin API under /_sandbox/', () => {
  it('sets and reads balances', async () => {
    expect(await admin('POST', '/balance', { key: 'k2', credits: 7 })).toEqual({ status: 200, json: { key: 'k2', availableCredits: 7 } });
    expect(sandbox().getBalance('k2')).toBe(7);
    expect(await admin('GET', '/balance?key=k2')).toEqual({ status: 200, json: { key: 'k2', availableCredits: 7 } });
    expect((await admin('GET', '/balance?key=nobody')).status).toBe(404);
    expect((await admin('POST', '/balance', { key: 'nobody', credits: 1 })).status).toBe(404);
    expect((await admin('POST', '/balance', { key: 'k2', credits: 'lots' })).status).toBe(422);
  });

  it('reads and resets stats', async () => {
    await fetch(`${sandbox().url}/openapi/v1/credits`, { headers: { authorization: 'Bearer k1' } });
    const stats = await admin('GET', '/stats');
    expect(stats.json).toMatchObject({ requests: expect.any(Number), byEndpoint: { 'v1 GET /credits': 1 } });
    expect((await admin('POST', '/stats/reset')).status).toBe(204);
    expect(sandbox().stats()).toEqual({ requests: 0, byEndpoint: {}, charges: [], rateLimited: 0, mediaRequests: 0 });
  });

  it('adds and clears faults, and hands out blob URLs', async () => {
    const blob = await admin('GET', '/blob-url?size=100&seed=admin');
    const url = (blob.json as { url: string }).url;
    expect((await admin('POST', '/faults', { match: 'admin', kind: 'status', status: 503, times: 3 })).status).toBe(204);
    expect((await fetch(url)).status).toBe(503);
    expect((await admin('DELETE', '/faults')).status).toBe(204);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect((await ok.arrayBuffer()).byteLength).toBe(100);
    expect((await admin('POST', '/faults', { match: 'x', kind: 'explode' })).status).toBe(422);
    expect((await admin('GET', '/blob-url?size=-3')).status).toBe(422);
    expect((await admin('GET', '/nothing')).status).toBe(404);
  });

  it('lets a profile gain posts: new ones first, newest first, dated now; the old ones keep their ids', async () => {
    const page = async (): Promise<{ posts: Array<{ id: string; created_at: string }>; profile: { post_count: number } }> => {
      const res = await fetch(`${sandbox().url}/openapi/v1/extract/playlist`, {
        method: 'POST',
        headers: { authorization: 'Bearer k1', 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://video.example/@gain-5' }),
      });
      return (await res.json()) as never;
    };
    expect((await page()).posts.map((post) => post.id)).toEqual(['gain-1', 'gain-2', 'gain-3', 'gain-4', 'gain-5']);
    expect(await admin('POST', '/posts', { list: '/@gain', count: 2 })).toEqual({ status: 200, json: { list: '/@gain', added: 2 } });
    expect(await admin('POST', '/posts', { list: '/@gain', count: 1 })).toEqual({ status: 200, json: { list: '/@gain', added: 3 } });
    const grown = await page();
    expect(grown.posts.map((post) => post.id)).toEqual(['gain-new-3', 'gain-new-2', 'gain-new-1', 'gain-1', 'gain-2', 'gain-3', 'gain-4', 'gain-5']);
    const dates = grown.posts.map((post) => Date.parse(post.created_at));
    expect(dates[0]).toBeGreaterThanOrEqual(dates[2]!); // newest first
    expect(dates[2]).toBeGreaterThan(Date.UTC(2025, 0, 1)); // dated when added (the catalog's own posts are from 2024)
    expect(grown.profile.post_count).toBe(8);
    expect((await admin('POST', '/posts', { list: 'https://video.example/@gain', count: 1 })).status).toBe(422);
    expect((await admin('POST', '/posts', { list: '/@gain', count: 0 })).status).toBe(422);
  });

  it('answers 409 to a fault when fault injection is off', async () => {
    const plain = await startSandbox();
    try {
      const res = await fetch(`${plain.url}/_sandbox/faults`, { method: 'POST', body: JSON.stringify({ match: '*', kind: 'mutate' }) });
      expect(res.status).toBe(409);
    } finally {
      await plain.close();
    }
  });
});

describe('startSandbox options', () => {
  it('rejects invalid options with the reason', async () => {
    await expect(startSandbox({ pageSize: 0 })).rejects.toThrow(/pageSize/);
    await expect(startSandbox({ keys: ['two words'] })).rejects.toThrow(/keys/);
  });

  it('names ffmpeg when it cannot generate the media', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'trove-sandbox-noffmpeg-'));
    try {
      await expect(startSandbox({ ffmpegPath: join(cache, 'no-ffmpeg'), mediaCacheDir: cache })).rejects.toThrow(
        /^The sandbox makes its sample media with ffmpeg\. Sandbox option ffmpegPath \(.*no-ffmpeg\) does not work: no such file\./,
      );
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });
});
