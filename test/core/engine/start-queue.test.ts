import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('a Core that does not run its queue (command line queries)', () => {
  it('records and acts on jobs without starting any, so a query never spends credits', async () => {
    harness = await startHarness({ core: { startQueue: false } });
    const { core, sandbox } = harness;
    const { jobIds } = value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/later' } }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(value(await core.call('jobs.list', {}))).toMatchObject([{ id: jobIds[0], state: 'queued' }]);
    expect(value(await core.call('jobs.pause', {})).changed).toBe(1);
    expect(sandbox.stats().charges).toEqual([]);

    // The next Core that runs its queue picks the job up.
    await core.close();
    const runner = await harness.restart({ startQueue: true });
    value(await runner.call('jobs.resume', {}));
    await runner.idle();
    expect(value(await runner.call('jobs.list', {}))[0]?.state).toBe('done');
    expect(sandbox.stats().charges).toHaveLength(1);
  });
});
