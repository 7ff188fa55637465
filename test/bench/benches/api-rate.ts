import { performance } from 'node:perf_hooks';
import { createServiceClient } from '../../../src/core/api';
import type { Benchmark } from '../bench-context';
import type { SandboxProcess } from '../tools/sandbox-process';
import { startSandboxProcess } from '../tools/sandbox-process';

const CALLERS = 50;
const LIMIT_PER_SECOND = 20;

interface RateRun {
  calls: number;
  /** Calls over the time from the first send to the last answer. */
  overall: number;
  /** Calls per second between the 10th and the 90th percentile answer (no ramp-up or tail). */
  sustained: number;
  rateLimited: number;
  failures: number;
}

/** `calls` post extractions from 50 concurrent callers through one service client. */
async function drive(sandbox: SandboxProcess, key: string, calls: number): Promise<RateRun> {
  const client = createServiceClient({ baseUrl: sandbox.url, apiVersion: 'v1', getKey: async () => key });
  await sandbox.resetStats();
  let next = 0;
  let failures = 0;
  const answered: number[] = [];
  const started = performance.now();
  const caller = async (): Promise<void> => {
    for (let index = next++; index < calls; index = next++) {
      const result = await client.extractPost(`https://video.example/watch/rate-${key}-${index}`);
      answered.push(performance.now());
      if (!result.ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, caller));
  const last = answered.at(-1) ?? started;
  const low = answered[Math.floor(calls * 0.1)] ?? started;
  const high = answered[Math.floor(calls * 0.9)] ?? last;
  const stats = await sandbox.stats();
  return {
    calls,
    overall: (calls / (last - started)) * 1000,
    sustained: ((Math.floor(calls * 0.9) - Math.floor(calls * 0.1)) / (high - low)) * 1000,
    rateLimited: stats.rateLimited,
    failures,
  };
}

/**
 * Benchmark 5: many API calls from 50 concurrent callers at the v1 limit (20/s) through
 * the service client and its shared rate limiter (grants windowMs / limit apart on an even
 * schedule, a 5 ms clock margin).
 */
export const apiRate: Benchmark = {
  id: '5',
  title: 'API calls at the v1 rate limit',
  async run(context) {
    const calls = context.quick ? 300 : 2000;
    const sandbox = await startSandboxProcess({ keys: ['bench-rate'] });
    try {
      const main = await drive(sandbox, 'bench-rate', calls);
      context.log(`5: ${main.sustained.toFixed(2)} calls/s sustained, ${main.overall.toFixed(2)} overall, ${main.rateLimited} × 429`);
      return [
        {
          id: '5',
          name: `${calls} API calls, ${CALLERS} concurrent callers, v1 limit`,
          value: `${main.sustained.toFixed(2)} calls/s`,
          reference: `limit ${LIMIT_PER_SECOND}/s`,
          ratio: main.sustained / LIMIT_PER_SECOND,
          goal: '≥ 19 calls/s, 0 × 429',
          met: main.sustained >= 19 && main.rateLimited === 0 && main.failures === 0,
          detail: { main },
          note: `${main.rateLimited} × 429, ${main.failures} failed calls; ${main.overall.toFixed(2)} calls/s from first send to last answer.`,
        },
      ];
    } finally {
      await sandbox.close();
    }
  },
};
