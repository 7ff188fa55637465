import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { Ledger } from './billing';
import type { CatalogContext } from './catalog/types';
import type { SandboxContext } from './context';
import { CursorCodec } from './cursor';
import { FaultRegistry } from './media/faults';
import { sampleFfmpeg } from './media/ffmpeg-path';
import { MediaLibrary } from './media/library';
import { loadSamples } from './media/samples';
import { UrlSigner } from './media/signing';
import { sandboxOptionsSchema } from './options';
import { PriceList } from './prices';
import { LEGACY_RATE_RULES, SlidingWindowLimiter, V1_RATE_RULES } from './rate-limit';
import { createRequestHandler } from './server';
import { StatsRecorder } from './stats';
import type { Sandbox, SandboxOptions } from './types';

/** The address clients should use: a wildcard bind is reached over loopback. */
function baseUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * Starts a sandbox: generates (or reuses) the sample media, listens, and returns the
 * handle tests and the CLI use. Options are validated; a bad one rejects with its reason.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { now: clock, ...data } = options;
  const parsed = sandboxOptionsSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Invalid sandbox options: ${z.prettifyError(parsed.error)}`);
  const opts = parsed.data;
  const now = clock ?? Date.now;

  const samples = await loadSamples(opts.mediaCacheDir, () => sampleFfmpeg(opts.ffmpegPath));
  const server = createServer({ keepAlive: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = baseUrl(opts.host, (server.address() as AddressInfo).port);

  // Secrets live as long as the process: cursors and media URLs die with the sandbox.
  const signer = new UrlSigner(randomBytes(32), url, opts.ttlSeconds * 1000, now);
  const attempts = new Map<string, number>();
  const addedPosts = new Map<string, number[]>();
  const catalog: CatalogContext = {
    mediaUrl: (path, guarded) => signer.sign(path, guarded),
    sampleSize: (name) => samples.get(name)?.length ?? 0,
    attempt: (key) => {
      const count = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, count);
      return count;
    },
    addedPosts: (list) => addedPosts.get(list) ?? [],
    subtitlesRefused: (host) => opts.subtitlesRefusedOn.includes(host),
  };
  const stats = new StatsRecorder();
  const ledger = new Ledger(opts.keys, opts.credits);
  const faults = new FaultRegistry(opts.faults);
  const prices = new PriceList();
  const ctx: SandboxContext = {
    keys: new Set(opts.keys),
    ledger,
    prices,
    stats,
    limiters: { v1: new SlidingWindowLimiter(V1_RATE_RULES, now), legacy: new SlidingWindowLimiter(LEGACY_RATE_RULES, now) },
    cursors: new CursorCodec(randomBytes(32)),
    catalog,
    media: { signer, faults, library: new MediaLibrary(samples), stats, throttleBytesPerSecond: opts.throttleBytesPerSecond },
    pageSize: opts.pageSize,
    now,
  };

  const sandbox: Sandbox = {
    url,
    keys: [...opts.keys],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Stalled media responses and idle keep-alive sockets would hold close() open.
        server.closeAllConnections();
      }),
    setBalance: (key, credits) => {
      if (!Number.isFinite(credits)) throw new Error(`Invalid balance ${credits}`);
      ledger.set(key, credits);
    },
    getBalance: (key) => ledger.balance(key),
    setPrice: (rule) => {
      if (!Number.isFinite(rule.credits) || rule.credits < 0) throw new Error(`Invalid price ${rule.credits}`);
      prices.set(rule);
    },
    prices: () => prices.list(),
    resetPrices: () => prices.reset(),
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
    addFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    addPosts: (list, count) => {
      const match = /^\/(?:@|playlist\/)([A-Za-z0-9_-]+)$/.exec(list);
      if (!match?.[1] || !Number.isSafeInteger(count) || count < 1 || count > 1000) throw new Error(`Invalid list ${list} or count ${count}`);
      const key = `${list.startsWith('/@') ? 'profile' : 'playlist'}-${match[1]}`;
      addedPosts.set(key, [...(addedPosts.get(key) ?? []), ...Array.from({ length: count }, () => now())]);
      return addedPosts.get(key)?.length ?? 0;
    },
    blobUrl: (size, seed = 'blob') => {
      if (!Number.isSafeInteger(size) || size < 0) throw new Error(`Invalid blob size ${size}`);
      return signer.sign(`blob/${encodeURIComponent(seed)}/${size}.bin`);
    },
  };
  server.on('request', createRequestHandler(ctx, sandbox));
  return sandbox;
}
