import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import { rawGet } from './helpers/raw-get';
import { useSandbox } from './helpers/sandbox';

const sandbox = useSandbox({ faults: true });
const SIZE = 300_000;

/** A fresh blob per test: faults match on the URL path, so tests cannot disturb each other. */
const blob = (seed: string): string => sandbox().blobUrl(SIZE, seed);

describe('fault injection', () => {
  it('reset: the connection is destroyed after N body bytes', async () => {
    sandbox().addFault({ match: 'f-reset', kind: 'reset', afterBytes: 70_000 });
    const cut = await rawGet(blob('f-reset'));
    expect(cut.status).toBe(200);
    expect(cut.complete).toBe(false);
    expect(cut.body.length).toBeLessThanOrEqual(70_000);
    // times defaults to 1: the next request is whole.
    const whole = await rawGet(blob('f-reset'));
    expect(whole.complete).toBe(true);
    expect(whole.body.length).toBe(SIZE);
  });

  it('truncate: exactly N bytes, then the response ends short of its Content-Length', async () => {
    sandbox().addFault({ match: 'f-trunc', kind: 'truncate', afterBytes: 1_234 });
    const short = await rawGet(blob('f-trunc'));
    expect(short.headers['content-length']).toBe(String(SIZE));
    expect(short.body.length).toBe(1_234);
    expect(short.complete).toBe(false);
    const full = Buffer.from(await (await fetch(blob('f-trunc'))).arrayBuffer());
    expect(short.body.equals(full.subarray(0, 1_234))).toBe(true);
  });

  it('stall: N bytes, then silence until the client gives up', async () => {
    sandbox().addFault({ match: 'f-stall', kind: 'stall', afterBytes: 5_000 });
    const controller = new AbortController();
    const res = await fetch(blob('f-stall'), { signal: controller.signal });
    const reader = res.body?.getReader();
    let received = 0;
    while (received < 5_000) received += (await reader?.read())?.value?.length ?? 0;
    expect(received).toBe(5_000);
    // Nothing more arrives: the next read is still pending when the client gives up.
    const next = reader?.read();
    const outcome = await Promise.race([next, new Promise((resolve) => setTimeout(() => resolve('silent'), 300))]);
    expect(outcome).toBe('silent');
    controller.abort();
    await expect(next).rejects.toThrow();
  });

  it('ignore-range: 200 with the full body to a Range request', async () => {
    sandbox().addFault({ match: 'f-ignore', kind: 'ignore-range' });
    const ignored = await rawGet(blob('f-ignore'), { range: 'bytes=100-199' });
    expect(ignored.status).toBe(200);
    expect(ignored.headers['content-range']).toBeUndefined();
    expect(ignored.body.length).toBe(SIZE);
    expect((await rawGet(blob('f-ignore'), { range: 'bytes=100-199' })).status).toBe(206);
  });

  it('status: the given status for the next `times` requests', async () => {
    sandbox().addFault({ match: 'f-status', kind: 'status', status: 503, times: 2 });
    expect((await rawGet(blob('f-status'))).status).toBe(503);
    expect((await rawGet(blob('f-status'))).status).toBe(503);
    expect((await rawGet(blob('f-status'))).status).toBe(200);
  });

  it('mutate: from then on the content and ETag change, the size does not', async () => {
    const url = blob('f-mutate');
    const before = await rawGet(url);
    sandbox().addFault({ match: 'f-mutate', kind: 'mutate' });
    const after = await rawGet(url);
    const later = await rawGet(url);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.equals(before.body)).toBe(false);
    expect(after.body.length).toBe(before.body.length);
    expect(later.headers.etag).toBe(after.headers.etag);
    expect(later.body.equals(after.body)).toBe(true);
    // A resume against the old validator must restart: If-Range with the old ETag gets a 200.
    const resumed = await rawGet(url, { range: 'bytes=10-', 'if-range': String(before.headers.etag) });
    expect(resumed.status).toBe(200);
  });

  it("match '*' hits any media URL; clearFaults drops the waiting ones", async () => {
    sandbox().addFault({ match: '*', kind: 'status', status: 500 });
    expect((await rawGet(blob('f-any'))).status).toBe(500);
    sandbox().addFault({ match: '*', kind: 'status', status: 500, times: 5 });
    sandbox().clearFaults();
    expect((await rawGet(blob('f-any'))).status).toBe(200);
  });

  it('targets one post by its id in the media path', async () => {
    sandbox().addFault({ match: '/f-post-1/', kind: 'status', status: 502 });
    expect((await rawGet(sandbox().blobUrl(10, 'f-post-2'))).status).toBe(200);
    expect((await rawGet(sandbox().blobUrl(10, 'f-post-1'))).status).toBe(502);
  });

  it('rejects malformed fault specs', () => {
    expect(() => sandbox().addFault({ match: '', kind: 'mutate' })).toThrow();
    expect(() => sandbox().addFault({ match: 'x', kind: 'status', status: 200 })).toThrow();
    expect(() => sandbox().addFault({ match: 'x', kind: 'reset', afterBytes: -1 })).toThrow();
  });
});

describe('faults are off by default', () => {
  it('addFault throws unless started with faults: true', async () => {
    const plain = await startSandbox();
    try {
      expect(() => plain.addFault({ match: '*', kind: 'mutate' })).toThrow(/faults/);
    } finally {
      await plain.close();
    }
  });
});

describe('throttle', () => {
  const slow = useSandbox({ throttleBytesPerSecond: 40_000 });

  it('paces each media response to the configured bytes per second', async () => {
    const started = Date.now();
    const res = await rawGet(slow().blobUrl(60_000, 'throttled'));
    const elapsed = Date.now() - started;
    expect(res.body.length).toBe(60_000);
    // 60,000 bytes at 40,000 B/s cannot arrive in less than 1.5 s (minus one 100 ms slice of slack).
    expect(elapsed).toBeGreaterThanOrEqual(1_400);
  });

  it('leaves the API unthrottled', async () => {
    const res = await fetch(`${slow().url}/openapi/v1/credits`, { headers: { authorization: 'Bearer sandbox-key' } });
    expect(res.status).toBe(200);
  });
});

describe('closing', () => {
  it('close() ends stalled connections instead of waiting for them', async () => {
    const stalling = await startSandbox({ faults: true });
    stalling.addFault({ match: '*', kind: 'stall', afterBytes: 10 });
    const res = await fetch(stalling.blobUrl(1_000, 'close'));
    const reader = res.body?.getReader();
    expect((await reader?.read())?.value?.length).toBe(10);
    await stalling.close();
    await expect(reader?.read()).rejects.toThrow();
  });
});
