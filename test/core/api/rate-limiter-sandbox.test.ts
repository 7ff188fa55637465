import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/core/api/rate-limiter';
import type { RateLimiter } from '../../../src/core/api/rate-limiter';
import { RATE_LIMITS } from '../../../src/core/api/rate-limiter-registry';
import type { Sandbox } from '../../../src/sandbox';
import { startSandbox } from '../../../src/sandbox';
import { maxInWindow } from './helpers/window-count';

const CALLERS = 50;
const CALLS = 80;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: ['margin-default', 'margin-zero'] });
});
afterAll(async () => {
  await sandbox.close();
});

/**
 * `CALLS` extractions from `CALLERS` concurrent callers, each holding a slot from its grant
 * until its answer. Some sends are held back up to 30 ms after the grant (a busy event loop),
 * so the server stamps them late: the case the limiter's count must cover.
 */
async function hammer(limiter: RateLimiter, key: string): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const caller = async (): Promise<void> => {
    for (let index = next++; index < CALLS; index = next++) {
      const slot = await limiter.acquire();
      await delay((index * 7) % 31);
      const response = await fetch(`${sandbox.url}/openapi/v1/extract/post`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `https://video.example/watch/hammer-${key}-${index}` }),
      });
      await response.arrayBuffer();
      slot?.release();
      statuses.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, caller));
  return statuses;
}

describe('the rate limiter against the sandbox sliding window', () => {
  it('50 callers at full speed get no 429, with the default margin and with none at all', async () => {
    const runs = [
      { key: 'margin-default', limiter: createRateLimiter({ windows: RATE_LIMITS.v1 }) },
      { key: 'margin-zero', limiter: createRateLimiter({ windows: RATE_LIMITS.v1, marginMs: 0 }) },
    ];
    const results = await Promise.all(runs.map(({ key, limiter }) => hammer(limiter, key)));

    for (const statuses of results) expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(sandbox.stats().rateLimited).toBe(0);
    for (const { key } of runs) {
      // The server's own stamps: never more than 20 in any second.
      const stamps = sandbox.stats().charges.filter((charge) => charge.key === key).map((charge) => charge.at);
      expect(stamps).toHaveLength(CALLS);
      expect(maxInWindow(stamps, 1_000)).toBeLessThanOrEqual(20);
    }
  });
});
