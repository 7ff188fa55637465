import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { probe, startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const PAGE_SIZE = 20;

describe('profiles and playlists', () => {
  it('downloads a 200-post profile with concurrency 4: every file verified, one charge per page, no 429', async () => {
    harness = await startHarness({ sandbox: { pageSize: PAGE_SIZE } });
    const { core, sandbox } = harness;
    value(await core.call('jobs.add', { source: { kind: 'playlist', url: 'https://video.example/@creator-200' } }));
    await core.idle();

    const jobs = value(await core.call('jobs.list', {}));
    const posts = jobs.filter((job) => job.kind === 'post');
    expect(posts).toHaveLength(200);
    expect(jobs.every((job) => job.state === 'done')).toBe(true);
    for (const job of posts) {
      const [file] = job.files;
      expect(file && existsSync(file)).toBeTruthy();
    }
    // Probe every tenth file: one video and one audio stream each.
    for (const job of posts.filter((_job, index) => index % 10 === 0)) {
      const streams = await probe(job.files[0] as string);
      expect([streams.video.length, streams.audio.length]).toEqual([1, 1]);
    }
    const stats = sandbox.stats();
    expect(stats.charges).toHaveLength(200 / PAGE_SIZE);
    expect(stats.charges.every((charge) => charge.endpoint.includes('playlist'))).toBe(true);
    expect(stats.rateLimited).toBe(0);
    expect(value(await core.call('library.search', { limit: 1 })).total).toBe(200);
  }, 300_000);

  it('finishes after a restart in the middle without a single extra charge', async () => {
    harness = await startHarness({ sandbox: { pageSize: PAGE_SIZE, throttleBytesPerSecond: 2_000_000 } });
    const first = harness.core;
    value(await first.call('jobs.add', { source: { kind: 'playlist', url: 'https://video.example/@restart-40' } }));
    // Stop while downloads are under way: some posts done, others half-way.
    for (let i = 0; i < 600; i++) {
      const jobs = value(await first.call('jobs.list', {}));
      if (jobs.filter((job) => job.kind === 'post' && job.state === 'done').length >= 4) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const unfinished = value(await first.call('jobs.list', {})).filter((job) => job.state !== 'done');
    await first.close();
    expect(unfinished.length).toBeGreaterThan(0);
    const chargesBefore = harness.sandbox.stats().charges.length;

    const second = await harness.restart();
    await second.idle();
    const jobs = value(await second.call('jobs.list', {}));
    expect(jobs.every((job) => job.state === 'done')).toBe(true);
    expect(jobs.filter((job) => job.kind === 'post')).toHaveLength(40);
    expect(harness.sandbox.stats().charges.length).toBe(chargesBefore);
    expect(harness.sandbox.stats().charges).toHaveLength(40 / PAGE_SIZE);
    expect(value(await second.call('library.search', { limit: 1 })).total).toBe(40);
  }, 300_000);

  it('queues only up to the limit, and a sync stops at the first post already in the library', async () => {
    harness = await startHarness({ sandbox: { pageSize: PAGE_SIZE } });
    const { core, sandbox } = harness;
    value(await core.call('jobs.add', { source: { kind: 'playlist', url: 'https://video.example/@synced-60', limit: 25 } }));
    await core.idle();
    expect(value(await core.call('jobs.list', {})).filter((job) => job.kind === 'post')).toHaveLength(25);
    expect(sandbox.stats().charges).toHaveLength(2);

    value(await core.call('jobs.add', { source: { kind: 'playlist', url: 'https://video.example/@synced-60', sync: true } }));
    await core.idle();
    // The first post of the first page is known, and that page was bought moments ago (its
    // answer is still good): nothing bought, nothing new queued.
    expect(sandbox.stats().charges).toHaveLength(2);
    expect(value(await core.call('jobs.list', {})).filter((job) => job.kind === 'post')).toHaveLength(25);
  }, 120_000);
});
