import { afterEach, describe, expect, it } from 'vitest';
import { POST_ANSWER_GOOD_MS } from '../../../src/core/jobs/answer-reuse';
import { newSinceLastVisit } from '../../../src/shared/new-posts';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Page charges counted by the sandbox itself, not by Trove. */
const pageCharges = (h: Harness): number => h.sandbox.stats().charges.filter((charge) => charge.endpoint.includes('playlist')).length;

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
}

describe('pages of a profile already bought', () => {
  it('are shown again free, page by page, and a whole-profile run buys only the pages not yet bought', async () => {
    let clock = Date.now();
    harness = await startHarness({ sandbox: { pageSize: 5 }, core: { now: () => clock } });
    const h = harness;
    const { core } = h;
    const url = 'https://video.example/@reopened-12';
    const first = value(await core.call('grab.resolve', { url }));
    if (first.kind !== 'playlist') throw new Error('expected a page');
    const second = value(await core.call('grab.resolve', { url, cursor: first.page.next_cursor }));
    expect(pageCharges(h)).toBe(2);

    // Re-opened a few minutes later, the same link written differently: both pages free.
    clock += POST_ANSWER_GOOD_MS - 1_000;
    const again = value(await core.call('grab.resolve', { url: 'https://VIDEO.example/@reopened-12/' }));
    if (again.kind !== 'playlist' || second.kind !== 'playlist') throw new Error('expected pages');
    expect([again.charged, typeof again.reusedFrom, again.page]).toEqual([false, 'number', first.page]);
    const more = value(await core.call('grab.resolve', { url, cursor: again.page.next_cursor }));
    expect(more.kind === 'playlist' && !more.charged && more.page.posts).toEqual(second.page.posts);
    expect(pageCharges(h)).toBe(2);

    // "Download whole profile" now: pages 1 and 2 come from the preview, only page 3 is bought.
    value(await core.call('jobs.add', { source: { kind: 'playlist', url } }));
    await core.idle();
    const jobs = value(await core.call('jobs.list', {}));
    expect(jobs.filter((job) => job.kind === 'post' && job.state === 'done')).toHaveLength(12);
    expect(pageCharges(h)).toBe(3);

    // Asking again on purpose is its own, charged, action.
    const fresh = value(await core.call('grab.resolve', { url, recheck: true }));
    expect(fresh.kind === 'playlist' && fresh.charged && fresh.reusedFrom === undefined).toBe(true);
    expect(pageCharges(h)).toBe(4);

    // Once its media links may have expired, a page is bought again.
    clock += POST_ANSWER_GOOD_MS + 1;
    value(await core.call('grab.resolve', { url, cursor: first.page.next_cursor }));
    expect(pageCharges(h)).toBe(5);
  }, 120_000);
});

describe('a profile seen before', () => {
  it('opens from the library at 0 credits, and what is new since the last visit costs one page, not all', async () => {
    let clock = Date.now();
    harness = await startHarness({ sandbox: { pageSize: 5 }, core: { now: () => clock } });
    const h = harness;
    const { core } = h;
    const url = 'https://video.example/@revisit-15';
    // The last visit: three posts of the profile downloaded (one page bought).
    value(await core.call('jobs.add', { source: { kind: 'playlist', url, limit: 3 } }));
    await core.idle();
    expect(pageCharges(h)).toBe(1);
    // Since then the two newest were removed from the library, as if published after that visit.
    const library = value(await core.call('library.search', { sort: 'created', limit: 10 })).items;
    expect(library).toHaveLength(3);
    const newest = library.filter((item) => item.platformId !== 'revisit-3');
    for (const item of newest) value(await core.call('library.remove', { id: item.id, deleteFiles: true }));

    // Re-opened later (the page's answer too old to reuse): from the library, free.
    clock += POST_ANSWER_GOOD_MS + 1;
    const known = value(await core.call('grab.resolve', { url }));
    if (known.kind !== 'profile') throw new Error(`expected the library's answer, got ${known.kind}`);
    expect(known.profile).toMatchObject({ username: 'revisit', postCount: 15 });
    expect(known.library?.total).toBe(1);
    expect(pageCharges(h)).toBe(1);

    // "Check for new posts": one page, and the post of the last visit is on it.
    const first = value(await core.call('grab.resolve', { url, recheck: true }));
    if (first.kind !== 'playlist') throw new Error('expected a page');
    expect(newSinceLastVisit(first.page.posts.length, first.inLibrary)).toBe(2);
    expect(pageCharges(h)).toBe(2);

    // Sync: the two new posts, from that same page (reused), nothing more bought.
    value(await core.call('jobs.add', { source: { kind: 'playlist', url, sync: true } }));
    await core.idle();
    expect(value(await core.call('library.search', { limit: 10 })).total).toBe(3);
    expect(pageCharges(h)).toBe(2);
  }, 120_000);
});

describe('the cost cap of a profile run', () => {
  it('stops before the page that would pass it, keeps its place, and a Retry continues from there', async () => {
    harness = await startHarness({ sandbox: { pageSize: 3 } });
    const h = harness;
    const { core } = h;
    // No price is known yet: the first page is bought to learn it (5 credits, the sandbox's),
    // then the cap of 12 allows one more page (10) and stops before the third (15).
    const url = 'https://video.example/@capped-30';
    const balance = () => h.sandbox.getBalance(h.sandbox.keys[0] as string);
    const before = balance();
    const [jobId] = value(await core.call('jobs.add', { source: { kind: 'playlist', url, maxCredits: 12 } })).jobIds;
    await core.idle();
    const stopped = (await listJobs()).find((job) => job.id === jobId);
    expect(stopped?.state).toBe('failed');
    expect(stopped?.error?.code).toBe('cost_cap_reached');
    expect(stopped?.error?.detail).toMatchObject({ capCredits: 12, pages: 2, spentCredits: 10 });
    expect(pageCharges(h)).toBe(2);
    const posts = async () => (await listJobs()).filter((job) => job.kind === 'post');
    expect(await posts()).toHaveLength(6);
    expect((await posts()).every((job) => job.state === 'done')).toBe(true);
    // Pages only: the posts of a page download from it with no extraction of their own.
    expect(before - balance()).toBe(10);

    // Retry: from page 3, for up to the cap again (two more pages), never page 1 or 2 again.
    value(await core.call('jobs.retry', { ids: [jobId as number] }));
    await core.idle();
    expect(pageCharges(h)).toBe(4);
    const posted = await posts();
    expect(posted).toHaveLength(12);
    expect(new Set(posted.map((job) => job.url)).size).toBe(12);
    expect((await listJobs()).find((job) => job.id === jobId)?.error?.code).toBe('cost_cap_reached');

    async function listJobs() {
      return value(await core.call('jobs.list', {}));
    }
  }, 120_000);

  it('with the price known, never buys a page past the cap, and a cap above the whole profile lets it finish', async () => {
    harness = await startHarness({ sandbox: { pageSize: 4 } });
    const h = harness;
    const { core } = h;
    // Learn the page price (5) from a preview; its page is then reused by the run.
    value(await core.call('grab.resolve', { url: 'https://video.example/@priced-8' }));
    await waitFor(async () => value(await core.call('credits.prices', {})).prices.some((price) => price.operation === 'playlist'));
    expect(pageCharges(h)).toBe(1);

    // A cap of 4 is below one page: nothing is bought, the run stops at once.
    const [tooLow] = value(await core.call('jobs.add', { source: { kind: 'playlist', url: 'https://video.example/@tiny-8', maxCredits: 4 } })).jobIds;
    await core.idle();
    const jobs = value(await core.call('jobs.list', {}));
    expect(jobs.find((job) => job.id === tooLow)?.error?.code).toBe('cost_cap_reached');
    expect(pageCharges(h)).toBe(1);

    // A cap of 5 covers @priced-8's second page; its first is the preview's, free.
    const [enough] = value(await core.call('jobs.add', { source: { kind: 'playlist', url: 'https://video.example/@priced-8', maxCredits: 5 } })).jobIds;
    await core.idle();
    const after = value(await core.call('jobs.list', {}));
    expect(after.find((job) => job.id === enough)?.state).toBe('done');
    expect(after.filter((job) => job.kind === 'post' && job.parentId === enough)).toHaveLength(8);
    expect(pageCharges(h)).toBe(2);
  }, 120_000);
});
