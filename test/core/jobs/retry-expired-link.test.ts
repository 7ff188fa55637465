import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('retrying a job whose media links expired', () => {
  it('extracts the post again, as its error message promises, then finishes', async () => {
    let clock = Date.now();
    harness = await startHarness({ sandbox: { ttlSeconds: 60, now: () => clock } });
    const { core, sandbox } = harness;
    value(await core.call('settings.update', { refreshExpiredLinks: false }));
    const grabbed = value(await core.call('grab.resolve', { url: 'https://video.example/watch/retry-expired' }));
    if (grabbed.kind !== 'post') throw new Error('expected a post');
    clock += 120_000; // the links die before the download starts
    value(await core.call('jobs.add', { source: { kind: 'resolved', resolutionId: grabbed.resolutionId } }));
    await core.idle();
    const [failed] = value(await core.call('jobs.list', {}));
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'link_expired' } });
    expect(failed?.error?.message).toContain('Retry to extract it again');
    expect(sandbox.stats().charges).toHaveLength(1);

    expect(value(await core.call('jobs.retry', { ids: [failed?.id as number] })).changed).toBe(1);
    await core.idle();
    const [job] = value(await core.call('jobs.list', {}));
    expect(job?.error).toBeUndefined();
    expect(job?.state).toBe('done');
    expect(job?.files.length).toBeGreaterThan(0);
    expect(sandbox.stats().charges).toHaveLength(2);
  });
});
