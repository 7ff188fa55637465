import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { COST_BY_ENDPOINT } from '../../../src/sandbox';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const waitFor = async (condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('credits', () => {
  it('pauses extractions when credits run out mid-run and resumes them after a top-up', async () => {
    harness = await startHarness({ sandbox: { credits: 3 }, core: { creditsPollMs: 100 } });
    const { core, sandbox } = harness;
    const paused: string[] = [];
    core.on('queue.paused', ({ reason }) => paused.push(reason));
    for (let n = 0; n < 6; n++) {
      value(await core.call('jobs.add', { source: { kind: 'link', url: `https://photos.example/p/credit-${n}` } }));
    }
    await core.idle();
    const states = value(await core.call('jobs.list', {})).map((job) => job.state);
    expect(states.filter((state) => state === 'done')).toHaveLength(3);
    expect(states.filter((state) => state === 'paused')).toHaveLength(3);
    expect(paused).toContain('out_of_credits');
    expect(value(await core.call('jobs.list', { states: ['paused'] })).every((job) => job.pauseReason === 'out_of_credits')).toBe(true);

    sandbox.setBalance(sandbox.keys[0] as string, 100);
    await waitFor(async () => value(await core.call('jobs.list', {})).every((job) => job.state === 'done'));
    expect(sandbox.stats().charges).toHaveLength(6);
  });

  it('raises each balance alert once per crossing, re-arms after a top-up and remembers across a restart', async () => {
    harness = await startHarness({ sandbox: { credits: 10_050 } });
    const { core, sandbox } = harness;
    const key = sandbox.keys[0] as string;
    const alerts: number[] = [];
    core.on('credits.alert', ({ threshold }) => alerts.push(threshold));
    const balanceIs = async (credits: number) => {
      sandbox.setBalance(key, credits);
      expect(value(await core.call('credits.get', { refresh: true })).availableCredits).toBe(credits);
    };
    await balanceIs(10_050);
    await balanceIs(9_999);
    await balanceIs(9_000);
    await balanceIs(250);
    await balanceIs(240);
    await balanceIs(20_000);
    await balanceIs(50);
    await balanceIs(0);
    expect(alerts).toEqual([10_000, 300, 100, 0]);

    const restarted = await harness.restart();
    const after: number[] = [];
    restarted.on('credits.alert', ({ threshold }) => after.push(threshold));
    value(await restarted.call('credits.get', { refresh: true }));
    expect(after).toEqual([]);
  });

  it('records every charged call in the ledger with its cost and the balance after it, and exports CSV', async () => {
    harness = await startHarness();
    const { core } = harness;
    const priced = async () => value(await core.call('credits.ledger', { days: 1 })).entries.every((entry) => entry.balanceAfter !== undefined);
    value(await core.call('credits.get', { refresh: true }));
    value(await core.call('grab.resolve', { url: 'https://video.example/watch/ledger' }));
    await waitFor(priced);
    value(await core.call('grab.resolve', { url: 'https://video.example/@ledger-5' }));
    await waitFor(priced);
    const ledger = value(await core.call('credits.ledger', { days: 1 }));
    expect(ledger.entries.map((entry) => [entry.endpoint, entry.cost])).toEqual([
      ['v1 POST /extract/post', COST_BY_ENDPOINT.post],
      ['v1 POST /extract/playlist', COST_BY_ENDPOINT.playlist],
    ]);
    expect(ledger.byDay[0]?.calls).toBe(2);
    const { csv } = value(await core.call('credits.exportCsv', {}));
    expect(csv.split('\n')[0]).toContain('endpoint');
    expect(csv).toContain('https://video.example/@ledger-5');
  });
});

describe('expired media links', () => {
  const expiringHarness = async (refreshExpiredLinks: boolean) => {
    let clock = Date.now();
    const started = await startHarness({ sandbox: { ttlSeconds: 60, now: () => clock } });
    value(await started.core.call('settings.update', { refreshExpiredLinks }));
    const grabbed = value(await started.core.call('grab.resolve', { url: 'https://video.example/watch/expiring' }));
    if (grabbed.kind !== 'post') throw new Error('expected a post');
    clock += 120_000; // the links die before the download starts
    return { started, resolutionId: grabbed.resolutionId };
  };

  it('fails with a clear reason when refreshing expired links is off, without spending more', async () => {
    const { started, resolutionId } = await expiringHarness(false);
    harness = started;
    value(await harness.core.call('jobs.add', { source: { kind: 'resolved', resolutionId } }));
    await harness.core.idle();
    const [job] = value(await harness.core.call('jobs.list', {}));
    expect(job).toMatchObject({ state: 'failed', error: { code: 'link_expired' } });
    expect(harness.sandbox.stats().charges).toHaveLength(1);
  });

  it('extracts the post once more when the setting allows it, then finishes', async () => {
    const { started, resolutionId } = await expiringHarness(true);
    harness = started;
    value(await harness.core.call('jobs.add', { source: { kind: 'resolved', resolutionId } }));
    await harness.core.idle();
    const [job] = value(await harness.core.call('jobs.list', {}));
    expect(job?.state).toBe('done');
    expect(harness.sandbox.stats().charges).toHaveLength(2);
  });
});
