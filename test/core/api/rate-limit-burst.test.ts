import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox';
import { startSandbox } from '../../../src/sandbox';
import { recordedClient } from './helpers/sandbox-client';
import { maxInWindow } from './helpers/window-count';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

describe('rate limiting against the sandbox', () => {
  it('a burst of 200 concurrent calls per version: no 429, never more than 20 in any second', async () => {
    // Several clients per version, as several jobs would have: they share the key's limiter.
    const clients = (['v1', 'legacy'] as const).flatMap((version) =>
      [0, 1, 2, 3].map((index) => ({ version, index, ...recordedClient(sandbox.url, version) })),
    );
    const results = await Promise.all(
      clients.flatMap(({ client, version, index }) =>
        Array.from({ length: 50 }, (_, call) => client.extractPost(`https://video.example/watch/burst-${version}-${index}-${call}`)),
      ),
    );

    expect(results).toHaveLength(400);
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(sandbox.stats().rateLimited).toBe(0);
    for (const version of ['v1', 'legacy'] as const) {
      const times = clients.filter((entry) => entry.version === version).flatMap((entry) => entry.requests.map((request) => request.at));
      expect(times).toHaveLength(200);
      expect(maxInWindow(times, 1_000)).toBeLessThanOrEqual(20);
      expect(sandbox.stats().charges.filter((charge) => charge.endpoint.startsWith(`${version} `))).toHaveLength(200);
    }
    expect(results.every((result) => result.charged)).toBe(true);
  });
});
