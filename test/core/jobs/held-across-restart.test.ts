import { afterEach, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../../src/core/secrets/key-store';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';
import { memoryKeychain } from '../secrets/helpers/memory-keychain';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/*
 * Jobs paused for lack of credits were watched for a top-up only in the run that paused
 * them: after a restart nothing asked the balance again, and they waited for good.
 */
describe('jobs held for credits when Trove restarts', () => {
  it('go on after a top-up without anyone asking the balance', async () => {
    harness = await startHarness({ sandbox: { credits: 0 } });
    const first = harness.core;
    const [id] = value(await first.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/held' } })).jobIds;
    await first.idle();
    expect(value(await first.call('jobs.list', {}))[0]).toMatchObject({ id, state: 'paused', pauseReason: 'out_of_credits' });
    await first.close();

    harness.sandbox.setBalance(harness.sandbox.keys[0] as string, 100);
    const second = await harness.restart({ creditsPollMs: 20 });
    let job = value(await second.call('jobs.list', {}))[0];
    for (let tries = 0; tries < 200 && job?.state !== 'done'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = value(await second.call('jobs.list', {}))[0];
    }
    expect(job).toMatchObject({ id, state: 'done' });
    expect(value(await second.call('library.search', {})).total).toBe(1);
  });
});


describe('jobs held for a missing key when Trove restarts', () => {
  it('go on once a key was set in the meantime (e.g. with `trove key set` while the app was closed)', async () => {
    const keychain = memoryKeychain();
    const keyStore = createKeyStore({ keychain: keychain, env: {} });
    harness = await startHarness({ core: { keyStore } });
    const first = harness.core;
    const [id] = value(await first.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/keyless' } })).jobIds;
    await first.idle();
    expect(value(await first.call('jobs.list', {}))[0]).toMatchObject({ id, state: 'paused', pauseReason: 'key_required' });
    await first.close();

    const restartedWithoutKey = await harness.restart();
    await restartedWithoutKey.idle();
    expect(value(await restartedWithoutKey.call('jobs.list', {}))[0]).toMatchObject({ id, state: 'paused', pauseReason: 'key_required' });
    await restartedWithoutKey.close();

    await keychain.setPassword('Trove', 'api-key', harness.sandbox.keys[0] as string);
    const second = await harness.restart();
    await second.idle();
    expect(value(await second.call('jobs.list', {}))[0]).toMatchObject({ id, state: 'done' });
    expect(harness.sandbox.stats().charges).toHaveLength(1);
  });
});
