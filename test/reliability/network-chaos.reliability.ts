import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { FaultSpec, Sandbox } from '../../src/sandbox';
import { serviceWithBlobs } from './support/blob-items';
import { unclearParts } from './support/clear-error';
import { recordFigures } from './support/figures';
import { LEFTOVER, auditLibrary, listFiles } from './support/library-audit';
import { seededRandom } from './support/seeded-random';
import type { SeededRandom } from './support/seeded-random';
import type { ServiceShim } from './support/service-shim';
import { sized } from './support/sizes';
import { extractAgain, verifyAgainstSource, verifyKeptStream } from './support/source-check';

/*
 * Network chaos: a real Core downloads many posts while the media host misbehaves in
 * every way the sandbox can: connections reset or stalled mid-body, bodies cut short,
 * Range ignored, bursts of 5xx, 403s, resources that change under the download, and
 * every signed URL expiring at once now and then. Each post must end either done with
 * files equal to their sources, or failed with a clear reason; never a corrupt file.
 */

const KEY = 'sandbox-key';
const VERIFY_KEY = 'verify-key';
const DOWNLOADS = sized(40, 200);
const MEDIUM_BYTES = 1024 * 1024;
const TTL_SECONDS = 600;

type Item = { link: string; id: string; streams: Array<{ match: string; size: number; mergeable: boolean }> };

/** The media of each kind of post, as the sandbox names them (a fault matches a path part). */
function makeItem(n: number, random: SeededRandom): Item {
  const id = `nc-${n}`;
  const kind = random.pick(['file', 'file', 'video', 'video', 'blob', 'music'] as const);
  switch (kind) {
    case 'file':
      return { link: `https://files.example/f/${id}`, id, streams: [{ match: `blob/${id}/`, size: 65_536, mergeable: false }] };
    case 'blob':
      return { link: `https://files.example/f/blob-${id}`, id: `blob-${id}`, streams: [{ match: `blob/blob-${id}/`, size: MEDIUM_BYTES, mergeable: false }] };
    case 'music':
      return { link: `https://music.example/t/${id}`, id, streams: [{ match: `${id}/audio-en.m4a`, size: 25_000, mergeable: false }] };
    case 'video':
      return {
        link: `https://video.example/watch/${id}`,
        id,
        streams: [
          { match: `${id}/video-720.mp4`, size: 100_000, mergeable: true },
          { match: `${id}/audio-en.m4a`, size: 25_000, mergeable: true },
        ],
      };
  }
}

/** One to three faults on the streams of an item, each for one to three requests. */
function faultsFor(item: Item, random: SeededRandom): FaultSpec[] {
  return Array.from({ length: random.int(1, 3) }, (): FaultSpec => {
    const stream = random.pick(item.streams);
    const times = random.int(1, 3);
    const afterBytes = random.int(0, stream.size - 1);
    // A mutated video is garbage to ffmpeg: only whole files change under the download.
    const kinds = ['reset', 'stall', 'truncate', 'ignore-range', 'status-5xx', 'status-403', ...(stream.mergeable ? [] : (['mutate'] as const))] as const;
    const kind = random.pick(kinds);
    switch (kind) {
      case 'status-5xx':
        return { match: stream.match, times, kind: 'status', status: random.pick([500, 502, 503, 504, 429, 408]) };
      case 'status-403':
        return { match: stream.match, times: 1, kind: 'status', status: 403 };
      case 'ignore-range':
      case 'mutate':
        return { match: stream.match, times, kind };
      default:
        return { match: stream.match, times, kind, afterBytes };
    }
  });
}

let sandbox: Sandbox;
let shim: ServiceShim;
let core: Core;
let root: string;
let clockOffset = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY, VERIFY_KEY], faults: true, ttlSeconds: TTL_SECONDS, now: () => Date.now() + clockOffset });
  shim = await serviceWithBlobs(sandbox, (link) => (link.includes('/f/blob-') ? MEDIUM_BYTES : undefined));
  root = await mkdtemp(join(tmpdir(), 'trove-chaos-'));
  core = await createCore({
    dataDir: join(root, 'data'),
    env: { TROVE_API_KEY: KEY, PATH: process.env['PATH'] ?? '' },
    settings: { serviceUrl: shim.url, downloadFolder: join(root, 'out'), concurrency: 4, connectionsPerDownload: 4, refreshExpiredLinks: true },
    retryDelaysMs: [100, 300],
    // Fast give-ups so the chaos runs in seconds; segments from 256 KiB so blobs use several connections.
    downloadTuning: { stallTimeoutMs: 600, requestTimeoutMs: 3_000, retryDelayMs: 20, segmentThresholdBytes: 256 * 1024 },
    balanceDebounceMs: 50,
  });
});

afterAll(async () => {
  await core?.close();
  await shim?.close();
  await sandbox?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('network chaos', () => {
  it(`${DOWNLOADS} downloads through resets, stalls, short bodies, ignored ranges, 5xx bursts and expiring links: none corrupt`, async () => {
    const random = seededRandom('network-chaos');
    const seed = `seed ${random.seed} (TROVE_RELIABILITY_SEED=${random.seed} replays it)`;
    const items = Array.from({ length: DOWNLOADS }, (_, n) => makeItem(n + 1, random));
    const faults = items.flatMap((item) => faultsFor(item, random));
    for (const fault of faults) sandbox.addFault(fault);

    for (const item of items) {
      const added = await core.call('jobs.add', { source: { kind: 'link', url: item.link } });
      expect(added.ok, JSON.stringify(added)).toBe(true);
    }
    // Every signed URL handed out so far expires, a few times during the run.
    const expiries = sized(2, 4);
    const timers = Array.from({ length: expiries }, (_, n) => setTimeout(() => (clockOffset += (TTL_SECONDS + 1) * 1000), 1_500 * (n + 1)));
    await core.idle();
    for (const timer of timers) clearTimeout(timer);
    sandbox.clearFaults();

    const listed = await core.call('jobs.list', {});
    if (!listed.ok) return expect.fail(listed.error.message);
    const jobs = listed.value;
    expect(jobs).toHaveLength(DOWNLOADS);
    expect(jobs.filter((job) => job.state !== 'done' && job.state !== 'failed'), seed).toEqual([]);
    for (const job of jobs.filter((candidate) => candidate.state === 'failed')) {
      expect(unclearParts(job.error), `${job.url}: ${JSON.stringify(job.error)}; ${seed}`).toEqual([]);
    }

    // Done means verified: each library file equals what the media host serves now.
    const audit = auditLibrary(join(root, 'data'));
    expect(audit.integrity).toEqual(['ok']);
    let bytesVerified = 0;
    for (const row of audit.files) {
      const verdict = await verifyAgainstSource(row, await extractAgain(shim.url, VERIFY_KEY, row.postUrl));
      expect(verdict.ok, `${verdict.detail}; ${seed}`).toBe(true);
      bytesVerified += verdict.bytes;
    }
    const done = jobs.filter((job) => job.state === 'done');
    expect(new Set(audit.files.map((row) => row.postUrl)).size).toBe(done.length);

    // A failed job keeps the streams it finished for its retry: each equals its source too.
    const kept: string[] = [];
    for (const job of audit.jobs.filter((candidate) => candidate.state === 'failed')) {
      const streams = (job.plan?.items ?? []).flatMap(({ mediaIndex, done }) =>
        Object.entries({ video: done.videoPart, audio: done.audioPart, file: done.file }).flatMap(([role, path]) => (path ? [{ key: `${mediaIndex}.${role}`, path }] : [])),
      );
      if (streams.length > 0) {
        const post = await extractAgain(shim.url, VERIFY_KEY, job.url);
        for (const { key, path } of streams) {
          const verdict = await verifyKeptStream(path, key, post);
          expect(verdict.ok, `${verdict.detail}; ${seed}`).toBe(true);
          bytesVerified += verdict.bytes;
          kept.push(path);
        }
      }
    }
    // Nothing under a final name but verified files; parts of failed downloads stay for a retry.
    const finals = listFiles(join(root, 'out')).filter((path) => !LEFTOVER.test(path));
    expect(finals.sort(), seed).toEqual([...audit.files.map((row) => row.path), ...kept].sort());

    // Every charge the service made is in the ledger, and only refreshes of expired links paid twice.
    const charges = sandbox.stats().charges.filter((charge) => charge.key === KEY);
    expect(audit.ledger.length, seed).toBe(charges.length);
    const refreshes = charges.length - new Set(charges.map((charge) => charge.url)).size;
    expect(refreshes).toBeLessThanOrEqual(DOWNLOADS);

    const failures: Record<string, number> = {};
    for (const job of jobs) if (job.state === 'failed') failures[job.error?.code ?? '?'] = (failures[job.error?.code ?? '?'] ?? 0) + 1;
    recordFigures('network-chaos', {
      downloads: DOWNLOADS,
      done: done.length,
      failed: DOWNLOADS - done.length,
      failuresByCode: failures,
      faultsArmed: faults.length,
      faultedRequests: faults.reduce((sum, fault) => sum + (fault.times ?? 1), 0),
      urlExpiries: expiries,
      mediaRequests: sandbox.stats().mediaRequests,
      filesVerified: audit.files.length,
      bytesVerified,
      refreshCharges: refreshes,
      seed: random.seed,
    });
  });
});
