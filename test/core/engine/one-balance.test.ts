import { afterEach, describe, expect, it } from 'vitest';
import type { Balance } from '../../../src/shared/contract';
import { closedPort } from '../../closed-port';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};


describe('one balance', () => {
  it('a 402 refreshes the balance everywhere, though nothing was charged', async () => {
    harness = await startHarness({ sandbox: { credits: 9_999 } });
    const { core, sandbox } = harness;
    expect(value(await core.call('credits.get', { refresh: true })).availableCredits).toBe(9_999);
    // Spent elsewhere (another device, the console): Trove still believes 9,999.
    sandbox.setBalance(sandbox.keys[0] as string, 3);
    const seen: Balance[] = [];
    core.on('credits.changed', (balance) => seen.push(balance));
    const alerts: number[] = [];
    core.on('credits.alert', ({ threshold }) => alerts.push(threshold));

    const profile = await core.call('grab.resolve', { url: 'https://video.example/@broke-5' });
    expect(profile.ok ? 'ok' : profile.error.code).toBe('out_of_credits');

    await waitFor(() => seen.length > 0);
    expect(seen[0]).toMatchObject({ availableCredits: 3 });
    expect(seen[0]?.refreshFailed).toBeUndefined();
    // Every face asks the engine without a refresh: they now get the true number.
    expect(value(await core.call('credits.get', {})).availableCredits).toBe(3);
    // The thresholds fire from it: 9,999 → 3 crosses 300 and 100; the most severe is reported.
    expect(alerts).toEqual([100]);
    expect(sandbox.stats().charges).toHaveLength(0);
  });

  it('a charged call refreshes the balance, with the time it was checked', async () => {
    harness = await startHarness({ sandbox: { credits: 50 } });
    const { core } = harness;
    const before = value(await core.call('credits.get', { refresh: true }));
    const seen: Balance[] = [];
    core.on('credits.changed', (balance) => seen.push(balance));
    value(await core.call('grab.resolve', { url: 'https://video.example/watch/one-balance' }));
    await waitFor(() => seen.length > 0);
    expect(seen[0]?.availableCredits).toBe(49);
    expect(seen[0]?.checkedAt).toBeGreaterThanOrEqual(before.checkedAt);
    expect(value(await core.call('credits.get', {}))).toEqual(seen[0]);
  });

  it('an unreachable service marks the old number as old, with when it was checked and why', async () => {
    harness = await startHarness({ sandbox: { credits: 1_234 }, core: { clientRetry: { maxAttempts: 1 } } });
    const { core } = harness;
    const checked = value(await core.call('credits.get', { refresh: true }));
    value(await core.call('settings.update', { serviceUrl: `http://127.0.0.1:${await closedPort()}` }));
    const seen: Balance[] = [];
    core.on('credits.changed', (balance) => seen.push(balance));

    const stale = value(await core.call('credits.get', { refresh: true }));
    expect(stale.availableCredits).toBe(1_234);
    expect(stale.checkedAt).toBe(checked.checkedAt);
    expect(stale.refreshFailed?.code).toBe('network_error');
    expect(stale.refreshFailed?.at).toBeGreaterThanOrEqual(checked.checkedAt);
    expect(seen).toEqual([stale]);
    // Without a refresh the faces get the same marked number, not a current-looking one.
    expect(value(await core.call('credits.get', {}))).toEqual(stale);
  });

  it('a burst of charged calls refreshes the balance with a few coalesced reads and no 429', async () => {
    harness = await startHarness({ sandbox: { credits: 1_000 } });
    const { core, sandbox } = harness;
    value(await core.call('credits.get', { refresh: true }));
    sandbox.resetStats();
    const calls = 60;
    const answers = await Promise.all(
      Array.from({ length: calls }, (_, n) => core.call('grab.resolve', { url: `https://video.example/watch/burst-${n}` })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(calls);
    await waitFor(async () => value(await core.call('credits.get', {})).availableCredits === 1_000 - calls);
    const stats = sandbox.stats();
    expect(stats.rateLimited).toBe(0);
    const reads = stats.byEndpoint['v1 GET /credits'] ?? 0;
    expect(reads).toBeGreaterThan(0);
    // Coalesced: a handful of reads for the whole burst, not one per charge.
    expect(reads).toBeLessThanOrEqual(5);
  });
});
