import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import type { JobView } from '../../src/shared/jobs';
import { unclearParts } from './support/clear-error';
import { recordFigures } from './support/figures';
import { hostileLinks } from './support/hostile-links';
import { seededRandom } from './support/seeded-random';
import { sized } from './support/sizes';

/*
 * Bad links: well over a thousand generated links go through `grab.resolve` and
 * `jobs.add` by `core.dispatch`, the entry every face uses. Each must come back as a
 * clear validation error, a clean API error, or a real result; and every job they
 * queued must end done or failed with a clear reason. Nothing may crash or hang.
 */

const KEY = 'sandbox-key';
const LINKS = sized(1_000, 3_000);

let sandbox: Sandbox;
let core: Core;
let root: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, credits: 10_000_000 });
  root = await mkdtemp(join(tmpdir(), 'trove-bad-links-'));
  core = await createCore({
    dataDir: join(root, 'data'),
    env: { TROVE_API_KEY: KEY, PATH: process.env['PATH'] ?? '' },
    settings: { serviceUrl: sandbox.url, downloadFolder: join(root, 'out'), concurrency: 4 },
    retryDelaysMs: [],
    balanceDebounceMs: 50,
  });
});

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const tally = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

describe('bad links', () => {
  it(`${LINKS} generated links get a clear answer from grab.resolve and jobs.add, and every job ends cleanly`, async () => {
    const random = seededRandom('bad-links');
    const links = hostileLinks(LINKS, random);
    expect(links.length).toBeGreaterThanOrEqual(LINKS);
    const resolveOutcomes: Record<string, number> = {};
    const addOutcomes: Record<string, number> = {};
    const categories: Record<string, number> = {};
    const problems: string[] = [];

    for (const { category, link } of links) {
      tally(categories, category);
      const shown = `${category}: ${JSON.stringify(link.slice(0, 120))}`;
      const resolved = await core.dispatch('grab.resolve', { url: link });
      if (resolved.ok) tally(resolveOutcomes, 'ok');
      else {
        tally(resolveOutcomes, resolved.error.code);
        for (const problem of unclearParts(resolved.error)) problems.push(`grab.resolve ${shown}: ${problem}`);
      }
      const added = await core.dispatch('jobs.add', { source: { kind: 'link', url: link } });
      if (added.ok) tally(addOutcomes, 'queued');
      else {
        tally(addOutcomes, added.error.code);
        for (const problem of unclearParts(added.error)) problems.push(`jobs.add ${shown}: ${problem}`);
      }
    }
    await core.idle();
    const listed = await core.dispatch('jobs.list', {});
    expect(listed.ok).toBe(true);
    const jobs = (listed.ok ? listed.value : []) as JobView[];
    const jobOutcomes: Record<string, number> = {};
    for (const job of jobs) {
      tally(jobOutcomes, job.state === 'failed' ? `failed:${job.error?.code}` : job.state);
      if (job.state !== 'done' && job.state !== 'failed') problems.push(`job ${job.id} ${JSON.stringify(job.url.slice(0, 120))} ended ${job.state}`);
      if (job.state === 'failed') for (const problem of unclearParts(job.error)) problems.push(`job ${JSON.stringify(job.url.slice(0, 120))}: ${problem}`);
    }
    expect(problems.slice(0, 20), `seed ${random.seed}`).toEqual([]);
    // Still answering after all that.
    expect((await core.dispatch('app.info', {})).ok).toBe(true);

    recordFigures('bad-links', { links: links.length, categories, resolveOutcomes, addOutcomes, jobs: jobs.length, jobOutcomes, seed: random.seed });
  });
});
