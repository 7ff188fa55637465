import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../../src/shared/subscriptions';
import { startHoldingProxy } from '../../core/subscriptions/holding-proxy';
import { finalObject, runTrove, startTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/* `trove follow` and `trove subscriptions …`, the real CLI as a child process against a sandbox (a page is 5 credits). */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld({ pageSize: 10 });
});
afterAll(() => world.close());

const trove = (...args: string[]) => runTrove([...world.args, ...args], { env: world.env });
const pageCharges = (url: string): number => world.sandbox.stats().charges.filter((charge) => charge.url === url).length;
const listed = async (): Promise<SubscriptionView[]> => {
  const run = await trove('subscriptions', '--json');
  expect(run.code, run.stderr).toBe(0);
  return (finalObject(run.stdout) as unknown as { subscriptions: SubscriptionView[] }).subscriptions;
};

describe('trove follow and trove subscriptions', () => {
  const link = 'https://video.example/@clisub-3';

  it('follows a profile, runs it from cron, downloads what it found, then waits for the next slot', async () => {
    const followed = await trove('follow', link, '--schedule', 'hourly', '--run-cap', '40', '--stop-below', '300', '--out', world.outDir);
    expect(followed.code, followed.stderr).toBe(0);
    expect(followed.stdout).toContain(`Following ${link}. Its first run is due now`);
    expect(followed.stdout).toContain('at most 40 credits a run, stops below 300 credits');

    const [subscription] = await listed();
    expect(subscription).toMatchObject({ url: link, kind: 'profile', schedule: 'hourly', runCap: 40, stopBelow: 300, options: { folder: world.outDir } });

    const ran = await trove('subscriptions', 'run');
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('@clisub: 3 new posts, 5 credits (1 page)');
    expect(readdirSync(world.outDir).filter((name) => name.endsWith('.mp4'))).toHaveLength(3);
    expect(pageCharges(link)).toBe(1);
    expect(world.sandbox.stats().charges.filter((charge) => charge.endpoint.includes('post'))).toEqual([]); // never per post

    const notDue = await trove('subscriptions', 'run');
    expect(notDue.stdout).toContain('No subscription was due.');
    expect(pageCharges(link)).toBe(1);

    world.sandbox.addPosts('/@clisub', 2);
    const now = await trove('subscriptions', 'run', String(subscription!.id), '--no-wait');
    expect(now.code, now.stderr).toBe(0);
    expect(now.stdout).toContain('@clisub: 2 new posts, 5 credits (1 page)');
    expect(pageCharges(link)).toBe(2);

    const shown = await trove('subscriptions', 'list');
    expect(shown.stdout).toMatch(/last run .*: 2 new posts, 5 credits \(1 page\) · next run /);
    expect(shown.stdout).toContain('10 credits this month');
  }, 120_000);

  it('edits, pauses and removes a subscription', async () => {
    const [subscription] = await listed();
    const id = String(subscription!.id);
    const edited = await trove('subscriptions', 'edit', id, '--pause', '--month-cap', '50', '--quality', '720');
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toContain('at most 50 credits a month');
    expect(edited.stdout).toContain('paused');
    const [after] = await listed();
    expect(after).toMatchObject({ paused: true, monthCap: 50, runCap: 40, nextRunAt: null, options: { folder: world.outDir, quality: 720 } });

    expect((await trove('subscriptions', 'remove', id)).code).toBe(0);
    expect(await listed()).toEqual([]);
    const gone = await trove('subscriptions', 'remove', id, '--json');
    expect(gone.code).toBe(1);
    expect(finalObject(gone.stdout)).toMatchObject({ type: 'error', code: 'not_found' });
  }, 60_000);

  it('refuses what it cannot follow or keep to, before anything is stored', async () => {
    expect((await trove('follow', 'not a link')).code).toBe(2);
    expect((await trove('follow', link, '--stop-below', '50')).stderr).toContain('Use one of the balance alert thresholds: 10000, 2000, 300, 100, 0.');
    expect((await trove('follow', link, '--schedule', 'monthly')).code).toBe(2);
    expect((await trove('follow', link, '--run-cap', '-3')).code).toBe(2);
    expect(await listed()).toEqual([]);
  }, 60_000);

  it('`trove serve` runs a due subscription by itself', async () => {
    const profile = 'https://video.example/@cliserve-2';
    expect((await trove('follow', profile, '--schedule', 'daily', '--out', world.outDir)).code).toBe(0);
    const serve = startTrove([...world.args, 'serve', '--port', '0', '--json'], { env: world.env });
    try {
      await serve.waitForLine((text) => text.includes('"command":"serve"'));
      const finished = async () => (await listed()).find((one) => one.url === profile)?.lastRun;
      for (let tries = 0; tries < 60 && !(await finished()); tries++) await new Promise((resolve) => setTimeout(resolve, 250));
      expect(pageCharges(profile)).toBe(1);
    } finally {
      serve.child.kill('SIGINT');
      expect((await serve.done).code).toBe(0);
    }
    const [ran] = (await listed()).filter((one) => one.url === profile);
    expect(ran?.lastRun).toMatchObject({ outcome: 'done', found: 2, pages: 1 });
  }, 120_000);

  it('goes on after the process is killed in the middle of a run: nothing bought or queued twice', async () => {
    const profile = 'https://video.example/@clikill-25';
    expect((await trove('follow', profile, '--schedule', 'off', '--json')).code).toBe(0);
    const [subscription] = (await listed()).filter((one) => one.url === profile);
    const proxy = await startHoldingProxy(world.sandbox.url, 1);
    try {
      const child = startTrove(['--service-url', proxy.url, '--data-dir', world.dataDir, 'subscriptions', 'run', String(subscription!.id), '--no-wait'], { env: world.env });
      await proxy.holding; // page 1 recorded, page 2 asked for
      child.child.kill('SIGKILL');
      expect((await child.done).signal).toBe('SIGKILL');
    } finally {
      await proxy.close();
    }
    expect(pageCharges(profile)).toBe(1);
    const [cut] = (await listed()).filter((one) => one.url === profile);
    expect(cut).toMatchObject({ running: true, lastRun: null });

    const resumed = await trove('subscriptions', 'run', '--no-wait', '--json'); // a cut-short run is due
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(finalObject(resumed.stdout)).toMatchObject({ runs: [{ run: { outcome: 'done', found: 25, pages: 3, cost: 15 } }] });
    expect(pageCharges(profile)).toBe(3);
    const queue = await trove('queue', '--json');
    const jobs = (finalObject(queue.stdout) as unknown as { jobs: Array<{ url: string }> }).jobs.filter((job) => job.url.includes('clikill'));
    expect(jobs).toHaveLength(25);
    expect(new Set(jobs.map((job) => job.url)).size).toBe(25);
  }, 120_000);
});
