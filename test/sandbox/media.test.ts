import { describe, expect, it } from 'vitest';
import { postSchema, type Post } from '../../src/shared/post';
import { startSandbox } from '../../src/sandbox';
import { extract } from './helpers/api';
import { rawGet } from './helpers/raw-get';
import { manualClock, useSandbox } from './helpers/sandbox';

const clock = manualClock();
const sandbox = useSandbox({ ttlSeconds: 60 }, clock);

async function post(url: string): Promise<Post> {
  return postSchema.parse((await extract(sandbox(), 'v1', 'post', { url })).json);
}

async function variantUrls(id: string): Promise<{ combined: string; video720: string; audio: string; preview: string }> {
  const media = (await post(`https://video.example/watch/${id}`)).medias[0];
  const [v360, v720] = media?.variants ?? [];
  return { combined: v360?.video_url ?? '', video720: v720?.video_url ?? '', audio: v720?.audio_url ?? '', preview: media?.preview_url ?? '' };
}

describe('media hosting', () => {
  it('serves the full file with Content-Length, Accept-Ranges, ETag and a media type', async () => {
    const { combined } = await variantUrls('full');
    const res = await fetch(combined);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('reports the real file sizes in the post', async () => {
    const media = (await post('https://video.example/watch/sizes')).medias[0];
    for (const variant of media?.variants ?? []) {
      const head = await fetch(variant.video_url ?? '', { method: 'HEAD' });
      expect(Number(head.headers.get('content-length'))).toBe(variant.video_filesize);
    }
  });

  it('HEAD answers the headers without a body', async () => {
    const { audio } = await variantUrls('head');
    const res = await fetch(audio, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(res.headers.get('content-type')).toBe('audio/mp4');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves every kind of catalog media', async () => {
    const posts = await Promise.all(
      ['https://photos.example/p/m', 'https://music.example/t/m', 'https://files.example/f/m', 'https://live.example/m', 'https://ai.example/s/m'].map(post),
    );
    const urls = posts.flatMap((p) => p.medias.flatMap((m) => [m.resource_url, m.preview_url, ...(m.variants ?? []).flatMap((v) => [v.video_url, v.audio_url])]));
    const types = new Set<string>();
    for (const url of urls.filter((u): u is string => u !== undefined)) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
      types.add(res.headers.get('content-type') ?? '');
    }
    expect([...types].sort()).toEqual(['application/octet-stream', 'audio/mp4', 'audio/mpeg', 'image/jpeg', 'video/mp4']);
  });
});

describe('Range requests', () => {
  it('206 with Content-Range for a range, an open range and a suffix', async () => {
    const { video720 } = await variantUrls('range');
    const full = Buffer.from(await (await fetch(video720)).arrayBuffer());
    const size = full.length;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      [`bytes=10-${size + 1000}`, 10, size - 1],
    ] as const) {
      const res = await fetch(video720, { headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer()).equals(full.subarray(start, end + 1))).toBe(true);
    }
  });

  it('416 with Content-Range bytes */size when the range starts past the end', async () => {
    const { audio } = await variantUrls('416');
    const size = Number((await fetch(audio, { method: 'HEAD' })).headers.get('content-length'));
    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0']) {
      const res = await fetch(audio, { headers: { range } });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
      await res.arrayBuffer();
    }
  });

  it('ignores what it does not serve as a range (several ranges, other units): 200 full', async () => {
    const { audio } = await variantUrls('multi');
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-3']) {
      const res = await fetch(audio, { headers: { range } });
      expect(res.status, range).toBe(200);
      await res.arrayBuffer();
    }
  });

  it('honours If-Range: a matching ETag gets the range, a stale one the full file', async () => {
    const { video720 } = await variantUrls('ifrange');
    const etag = (await fetch(video720, { method: 'HEAD' })).headers.get('etag') ?? '';
    const matching = await fetch(video720, { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(matching.status).toBe(206);
    await matching.arrayBuffer();
    const stale = await fetch(video720, { headers: { range: 'bytes=0-9', 'if-range': '"something-else"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });
});

describe('ETag', () => {
  it('is stable per resource, differs between resources, and answers If-None-Match with 304', async () => {
    const { video720, audio } = await variantUrls('etag');
    const again = await variantUrls('etag');
    const etag = async (url: string): Promise<string | null> => (await fetch(url, { method: 'HEAD' })).headers.get('etag');
    expect(await etag(video720)).toBe(await etag(again.video720));
    expect(await etag(video720)).not.toBe(await etag(audio));
    const cached = await fetch(video720, { headers: { 'if-none-match': (await etag(video720)) ?? '' } });
    expect(cached.status).toBe(304);
  });
});

describe('signed, expiring URLs', () => {
  it('403 once the TTL has passed (injected clock)', async () => {
    const { audio } = await variantUrls('expiry');
    clock.advance(59_000);
    expect((await fetch(audio, { method: 'HEAD' })).status).toBe(200);
    clock.advance(1_001);
    const expired = await fetch(audio);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: 'expired' });
    // A fresh extraction gives fresh URLs.
    expect((await fetch((await variantUrls('expiry')).audio, { method: 'HEAD' })).status).toBe(200);
  });

  it('403 for an edited signature, expiry or path, and for an unsigned URL', async () => {
    const { audio } = await variantUrls('tamper');
    const url = new URL(audio);
    const edits: Array<(u: URL) => void> = [
      (u) => {
        const sig = u.searchParams.get('sig') ?? '';
        u.searchParams.set('sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
      },
      (u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3_600_000)),
      (u) => (u.pathname = u.pathname.replace('audio-en.m4a', 'audio-ja.m4a')),
      (u) => (u.search = ''),
    ];
    for (const edit of edits) {
      const forged = new URL(url);
      edit(forged);
      const res = await fetch(forged);
      expect(res.status, forged.href).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'bad_signature' });
    }
  });
});

describe('guarded media (guarded.example)', () => {
  it('403 without the media item headers, 200 with them', async () => {
    const media = (await post('https://guarded.example/watch/secret')).medias[0];
    const headers = media?.headers ?? {};
    const variant = media?.variants?.[1];
    for (const url of [media?.resource_url, variant?.video_url, variant?.audio_url]) {
      const bare = await fetch(url ?? '');
      expect(bare.status).toBe(403);
      expect(await bare.json()).toMatchObject({ code: 'missing_headers' });
      const wrong = await fetch(url ?? '', { headers: { referer: 'https://elsewhere.example/' } });
      expect(wrong.status).toBe(403);
      await wrong.arrayBuffer();
      const allowed = await fetch(url ?? '', { headers });
      expect(allowed.status).toBe(200);
      await allowed.arrayBuffer();
    }
  });

  it('the guard is part of the signature: dropping g=1 breaks the URL', async () => {
    const url = new URL((await post('https://guarded.example/watch/g2')).medias[0]?.resource_url ?? '');
    url.searchParams.delete('g');
    expect((await fetch(url)).status).toBe(403);
  });

  it('video.example media need no headers', async () => {
    const { video720 } = await variantUrls('open');
    expect((await fetch(video720, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('blobUrl', () => {
  it('serves `size` deterministic bytes per seed, the same from any sandbox, with ranges', async () => {
    const url = sandbox().blobUrl(200_000, 'seed-a');
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(bytes.length).toBe(200_000);
    const other = await startSandbox({ now: clock.now });
    try {
      const twin = Buffer.from(await (await fetch(other.blobUrl(200_000, 'seed-a'))).arrayBuffer());
      expect(twin.equals(bytes)).toBe(true);
      const different = Buffer.from(await (await fetch(other.blobUrl(200_000, 'seed-b'))).arrayBuffer());
      expect(different.equals(bytes)).toBe(false);
    } finally {
      await other.close();
    }
    const part = await rawGet(url, { range: 'bytes=65530-131080' });
    expect(part.status).toBe(206);
    expect(part.body.equals(bytes.subarray(65_530, 131_081))).toBe(true);
  });

  it('handles a zero-byte blob and refuses bad sizes', async () => {
    const res = await fetch(sandbox().blobUrl(0));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('0');
    expect(() => sandbox().blobUrl(-1)).toThrow();
    expect(() => sandbox().blobUrl(1.5)).toThrow();
  });
});

describe('media statistics', () => {
  it('counts media requests apart from API requests', async () => {
    const url = sandbox().blobUrl(10, 'count');
    sandbox().resetStats();
    await (await fetch(url)).arrayBuffer();
    await (await fetch(url, { method: 'HEAD' })).arrayBuffer();
    expect(sandbox().stats()).toMatchObject({ mediaRequests: 2, requests: 0 });
  });
});
