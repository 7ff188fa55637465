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
