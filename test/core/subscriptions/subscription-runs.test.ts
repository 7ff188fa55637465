import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core';
import type { SubscriptionView } from '../../../src/shared/subscriptions';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';
import { startHoldingProxy } from './holding-proxy';

/*
 * Subscriptions against the real sandbox (a page is 5 credits there): a profile that gains
 * posts between runs, and every charge counted at the sandbox. The queue does not run here
 * (startQueue: false): a run's work is to queue jobs, and the queued ones stop the next run
 * as a downloaded post would.
 */

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const PAGE_SIZE = 10;
const PROFILE = 'https://video.example/@grow-25';

const playlistCharges = (h: Harness): number => h.sandbox.stats().charges.filter((charge) => charge.endpoint.includes('playlist')).length;
const postJobs = async (core: Core) => value(await core.call('jobs.list', {})).filter((job) => job.kind === 'post');

async function follow(core: Core, input: Partial<SubscriptionView> & { url?: string } = {}): Promise<SubscriptionView> {
  const { url = PROFILE, ...rest } = input;
  const settings = Object.fromEntries(
    Object.entries(rest).filter(([key]) => ['schedule', 'runCap', 'monthCap', 'stopBelow', 'onlyAfter', 'paused', 'options'].includes(key)),
  );
  return value(await core.call('subscriptions.add', { url, schedule: 'off', ...settings }));
}

const runNow = async (core: Core, id: number) => {
  const { runs } = value(await core.call('subscriptions.run', { id }));
  expect(runs).toHaveLength(1);
  return runs[0]!.run;
};

describe('subscription runs', () => {
  it('queues the whole profile first, then only what is new: one charge per page, never per post', async () => {
    harness = await startHarness({ sandbox: { pageSize: PAGE_SIZE }, core: { startQueue: false } });
    const { core, sandbox } = harness;
    const subscription = await follow(core);
    expect(subscription).toMatchObject({ kind: 'profile', title: PROFILE, lastRun: null, nextRunAt: null });

    const first = await runNow(core, subscription.id);
    expect(first).toMatchObject({ outcome: 'done', found: 25, pages: 3, cost: 15 });
    expect(playlistCharges(harness)).toBe(3);
    expect(await postJobs(core)).toHaveLength(25);

    const nothingNew = await runNow(core, subscription.id);
    expect(nothingNew).toMatchObject({ outcome: 'done', found: 0, pages: 1, cost: 5 });
    expect(playlistCharges(harness)).toBe(4);

    sandbox.addPosts('/@grow', 3);
    const three = await runNow(core, subscription.id);
    expect(three).toMatchObject({ outcome: 'done', found: 3, pages: 1 });
    sandbox.addPosts('/@grow', 12);
    const twelve = await runNow(core, subscription.id);
    expect(twelve).toMatchObject({ outcome: 'done', found: 12, pages: 2, cost: 10 });
    expect(playlistCharges(harness)).toBe(7);
    expect(sandbox.stats().charges.filter((charge) => !charge.endpoint.includes('playlist'))).toEqual([]);

    const jobs = await postJobs(core);
    expect(jobs).toHaveLength(40);
    expect(new Set(jobs.map((job) => job.url)).size).toBe(40);
    const [listed] = value(await core.call('subscriptions.list', {})).subscriptions;
    expect(listed).toMatchObject({ title: 'Creator grow', username: 'grow', site: 'video', monthSpent: 35, running: false });
    expect(listed?.lastRun).toMatchObject({ found: 12, cost: 10 });
    // The Library follows an author by the profile the library keeps for them.
    expect(value(await core.call('subscriptions.profileOf', { site: 'video', username: 'grow' }))).toEqual({ url: PROFILE, subscriptionId: subscription.id });
    expect(value(await core.call('subscriptions.profileOf', { site: 'video', username: 'nobody' }))).toEqual({ url: null, subscriptionId: null });
  }, 60_000);

  it('stops at the per-run cap, then at the month cap before buying a page, and says so', async () => {
    harness = await startHarness({ sandbox: { pageSize: PAGE_SIZE }, core: { startQueue: false } });
    const { core, sandbox } = harness;
    const capped = await follow(core, { runCap: 12 });
    const run = await runNow(core, capped.id);
    expect(run).toMatchObject({ outcome: 'run_cap', found: 20, pages: 2, cost: 10 });
    expect(run.message).toContain('12 credits per run');
    expect(playlistCharges(harness)).toBe(2);

    const monthly = await follow(core, { url: 'https://video.example/@month-30', monthCap: 12 });
    expect(await runNow(core, monthly.id)).toMatchObject({ outcome: 'month_cap', pages: 2, cost: 10 });
    sandbox.addPosts('/@month', 3);
    const refused = await runNow(core, monthly.id);
    expect(refused).toMatchObject({ outcome: 'month_cap', pages: 0, cost: 0, found: 0 });
    expect(refused.message).toContain('10 credits spent this month');
    expect(playlistCharges(harness)).toBe(4);
  }, 60_000);

  it('stops before a page would take the balance below the threshold the user chose', async () => {
    harness = await startHarness({ sandbox: { pageSize: PAGE_SIZE }, core: { startQueue: false } });
    const { core, sandbox } = harness;
    sandbox.setBalance(sandbox.keys[0]!, 112);
    const subscription = await follow(core, { stopBelow: 100 });
    const run = await runNow(core, subscription.id);
    // 112 → 107 → 102; a third page would leave 97.
    expect(run).toMatchObject({ outcome: 'low_balance', pages: 2, found: 20, cost: 10 });
    expect(sandbox.getBalance(sandbox.keys[0]!)).toBe(102);
    expect(playlistCharges(harness)).toBe(2);
  }, 60_000);

  it('takes only posts after the date on the first run', async () => {
    harness = await startHarness({ sandbox: { pageSize: PAGE_SIZE }, core: { startQueue: false } });
    const { core, sandbox } = harness;
    sandbox.addPosts('/@fresh', 3); // published now; the profile's own posts are from 2024
    const subscription = await follow(core, { url: 'https://video.example/@fresh-40', onlyAfter: Date.now() - 60_000 });
    expect(await runNow(core, subscription.id)).toMatchObject({ outcome: 'done', found: 3, pages: 1 });
    // The date stays the floor: the next run takes the two new posts, not the 40 older ones.
    sandbox.addPosts('/@fresh', 2);
    expect(await runNow(core, subscription.id)).toMatchObject({ outcome: 'done', found: 2, pages: 1 });

    // Followed with nothing to take at first, a later run still takes only what is new.
    const quiet = await follow(core, { url: 'https://video.example/@quiet-30', onlyAfter: Date.now() });
    expect(await runNow(core, quiet.id)).toMatchObject({ outcome: 'done', found: 0, pages: 1 });
    sandbox.addPosts('/@quiet', 1);
    expect(await runNow(core, quiet.id)).toMatchObject({ outcome: 'done', found: 1, pages: 1 });
  }, 60_000);

  it('catches up a missed run once, not once per missed slot', async () => {
    let clock = Date.now();
    harness = await startHarness({ sandbox: { pageSize: PAGE_SIZE }, core: { startQueue: false, now: () => clock } });
    const { core } = harness;
    const hourly = await follow(core, { schedule: 'hourly' });
    expect(hourly.nextRunAt).toBe(clock);
    expect(value(await core.call('subscriptions.run', {})).runs).toHaveLength(1);
    expect(value(await core.call('subscriptions.run', {})).runs).toHaveLength(0); // not due yet
    expect(playlistCharges(harness)).toBe(3);

    clock += 5 * 3_600_000 + 1; // asleep for five slots
    const later = await harness.restart({ now: () => clock, scheduleSubscriptions: { everyMs: 50 } });
    const ran: number[] = [];
    later.on('subscription.ran', ({ id }) => ran.push(id));
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // twenty looks of the scheduler
    expect(ran).toEqual([hourly.id]);
    expect(playlistCharges(harness)).toBe(4);
    const [listed] = value(await later.call('subscriptions.list', {})).subscriptions;
    expect(listed?.nextRunAt).toBe(clock + 3_600_000);
  }, 60_000);

  it('goes on after a restart in the middle of a run: no page bought twice, no post queued twice', async () => {
    harness = await startHarness({ sandbox: { pageSize: PAGE_SIZE }, core: { startQueue: false } });
    const { sandbox } = harness;
    await harness.core.close();
    const proxy = await startHoldingProxy(sandbox.url, 1);
    try {
      const first = await harness.restart({ settings: { serviceUrl: proxy.url, apiVersion: 'v1', downloadFolder: harness.downloads } });
      const subscription = await follow(first);
      const running = first.call('subscriptions.run', { id: subscription.id });
      await proxy.holding; // page 1 recorded, page 2 asked and never answered
      const [midway] = value(await first.call('subscriptions.list', {})).subscriptions;
      expect(midway).toMatchObject({ running: true, lastRun: null, monthSpent: 5 });
      expect(await postJobs(first)).toHaveLength(10);
      await first.close();
      expect(value(await running).runs).toEqual([]); // cut short: nothing recorded as finished
    } finally {
      await proxy.close();
    }
    expect(playlistCharges(harness)).toBe(1);

    const second = await harness.restart({ settings: { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: harness.downloads } });
    const { runs } = value(await second.call('subscriptions.run', {})); // a cut-short run is due
    expect(runs.map((ran) => ran.run)).toMatchObject([{ outcome: 'done', found: 25, pages: 3, cost: 15 }]);
    expect(playlistCharges(harness)).toBe(3);
    const jobs = await postJobs(second);
    expect(new Set(jobs.map((job) => job.url)).size).toBe(25);
    expect(jobs).toHaveLength(25);
  }, 60_000);
});
