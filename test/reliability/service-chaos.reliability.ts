import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../src/core/api';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import type { JobView } from '../../src/shared/jobs';
import { unclearParts } from './support/clear-error';
import { recordFigures } from './support/figures';
import { startServiceShim } from './support/service-shim';
import type { ServiceShim, ShimAnswer, ShimHandler, ShimRequest } from './support/service-shim';
import { sized } from './support/sizes';

/*
 * Service chaos: the service misbehaves (429 storms, 5xx bursts, bodies that are not
 * JSON or break the API's shapes, huge bodies, slow answers, cut and refused
 * connections). The engine must never crash, must say clearly what went wrong, and the
 * queue must carry on and finish everything once the service is well again.
 */

const KEY = 'sandbox-key';
const JOBS_PER_STORM = sized(6, 20);
const STORM_MS = sized(2_000, 5_000);

let sandbox: Sandbox;
let shim: ServiceShim;
let core: Core;
let root: string;
let linkCounter = 0;
const figures = { scenarios: 0, serviceAnswersBroken: 0, jobsRecovered: 0, resolvesRefused: 0 };

const nextLink = (): string => `https://files.example/f/sc-${++linkCounter}`;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  shim = await startServiceShim(sandbox.url);
  root = await mkdtemp(join(tmpdir(), 'trove-service-chaos-'));
  core = await createCore({
    dataDir: join(root, 'data'),
    env: { TROVE_API_KEY: KEY, PATH: process.env['PATH'] ?? '' },
    settings: { serviceUrl: shim.url, downloadFolder: join(root, 'out'), concurrency: 4 },
    retryDelaysMs: [200, 400, 800, 1_600],
    clientRetry: { baseDelayMs: 10, maxDelayMs: 100 },
    balanceDebounceMs: 50,
  });
});

afterAll(async () => {
  await core?.close();
  await shim?.close();
  await sandbox?.close();
  if (root) await rm(root, { recursive: true, force: true });
  recordFigures('service-chaos', figures);
});

async function addJobs(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const added = await core.call('jobs.add', { source: { kind: 'link', url: nextLink() } });
    if (!added.ok) return expect.fail(`jobs.add: ${added.error.message}`);
    ids.push(...added.value.jobIds);
  }
  return ids;
}

async function jobsById(ids: readonly number[]): Promise<JobView[]> {
  const listed = await core.call('jobs.list', {});
  if (!listed.ok) return expect.fail(listed.error.message);
  return listed.value.filter((job) => ids.includes(job.id));
}

/** Extraction calls only: credit queries and media pass untouched. */
const onExtract = (answer: (request: ShimRequest) => ShimAnswer | Promise<ShimAnswer> | undefined): ShimHandler => (request) =>
  request.path.includes('/extract/') ? answer(request) : undefined;

describe('service chaos', () => {
  it('rides out a 429 storm and a 5xx burst: every job ends done once the service recovers', async () => {
    for (const storm of [
      { name: '429 storm', answer: (n: number): ShimAnswer => ({ status: 429, json: { code: 'too_many_requests', message: 'Slow down.' }, headers: n % 2 ? { 'retry-after': '0' } : {} }) },
      { name: '5xx burst', answer: (n: number): ShimAnswer => ({ status: [500, 502, 503][n % 3] ?? 500, json: { message: 'Internal error' } }) },
    ]) {
      let broken = 0;
      let until: number | undefined;
      // Every extraction fails for a while from the first one; then the service is well again.
      shim.setHandler(
        onExtract(() => {
          until ??= Date.now() + STORM_MS;
          return Date.now() < until ? storm.answer(broken++) : undefined;
        }),
      );
      const ids = await addJobs(JOBS_PER_STORM);
      await core.idle();
      const jobs = await jobsById(ids);
      // Retries (the client's, then the queue's) outlast the storm.
      expect(jobs.map((job) => [job.url, job.state, job.error?.code]), storm.name).toEqual(jobs.map((job) => [job.url, 'done', undefined]));
      // The client backs off (after a 429 every call waits), so a storm meets only a few calls.
      expect(broken).toBeGreaterThanOrEqual(2);
      figures.scenarios++;
      figures.serviceAnswersBroken += broken;
      figures.jobsRecovered += ids.length;
    }
    shim.setHandler(undefined);
  });

  it('refuses answers that break the API with a clear error, and the queue finishes them after the service is fixed', async () => {
    const post = (request: ShimRequest): Promise<Record<string, unknown>> =>
      request.forward().then((answer) => answer.json as Record<string, unknown>);
    const broken: Array<{ name: string; answer: (request: ShimRequest) => Promise<ShimAnswer> | ShimAnswer }> = [
      { name: 'not JSON', answer: () => ({ status: 200, text: '{"id": "x", "medias": [' }) },
      { name: 'an empty body', answer: () => ({ status: 200, text: '' }) },
      { name: 'HTML instead of JSON', answer: () => ({ status: 200, text: '<html><body>Gateway</body></html>', headers: { 'content-type': 'text/html' } }) },
      { name: 'JSON null', answer: () => ({ status: 200, json: null }) },
      { name: 'a JSON array', answer: () => ({ status: 200, json: [1, 2, 3] }) },
      { name: 'medias missing', answer: async (request) => ({ status: 200, json: { ...(await post(request)), medias: undefined } }) },
      { name: 'medias a string', answer: async (request) => ({ status: 200, json: { ...(await post(request)), medias: 'many' } }) },
      { name: 'title a number', answer: async (request) => ({ status: 200, json: { ...(await post(request)), title: 42 } }) },
      { name: 'media_type unknown', answer: async (request) => ({ status: 200, json: { ...(await post(request)), medias: [{ media_type: 'hologram', resource_url: 'https://x.example/a' }] } }) },
      { name: 'resource_url missing', answer: async (request) => ({ status: 200, json: { ...(await post(request)), medias: [{ media_type: 'file' }] } }) },
      { name: 'quality a string', answer: async (request) => ({ status: 200, json: { ...(await post(request)), medias: [{ media_type: 'video', resource_url: 'https://x.example/a', variants: [{ quality: '720', quality_label: '720p' }] }] } }) },
      { name: 'a body over 20 MB', answer: () => ({ status: 200, text: `{"medias":[],"title":"${'x'.repeat(21 * 1024 * 1024)}"}` }) },
      { name: 'a 400 with an HTML body', answer: () => ({ status: 400, text: '<h1>Bad Request</h1>' }) },
      { name: 'a 400 with wrong-typed fields', answer: () => ({ status: 400, json: { code: 42, message: { text: 'no' }, retryable: 'yes' } }) },
      { name: 'an unexpected status', answer: () => ({ status: 418, json: { message: 'I am a teapot' } }) },
      { name: 'a cut connection', answer: () => ({ kind: 'destroy' }) },
    ];
    const failedIds: number[] = [];
    for (const scenario of broken) {
      shim.setHandler(onExtract(scenario.answer));
      const resolved = await core.call('grab.resolve', { url: nextLink() });
      expect(resolved.ok, scenario.name).toBe(false);
      if (!resolved.ok) expect(unclearParts(resolved.error), `${scenario.name}: ${JSON.stringify(resolved.error).slice(0, 500)}`).toEqual([]);
      figures.resolvesRefused++;
      const ids = await addJobs(1);
      await core.idle();
      const [job] = await jobsById(ids);
      expect(job?.state, scenario.name).toBe('failed');
      expect(unclearParts(job?.error), `${scenario.name}: ${JSON.stringify(job?.error).slice(0, 500)}`).toEqual([]);
      failedIds.push(...ids);
      figures.scenarios++;
      figures.serviceAnswersBroken++;
    }
    // The engine still answers, and with the service fixed a retry finishes every job.
    shim.setHandler(undefined);
    const retried = await core.call('jobs.retry', { ids: failedIds });
    expect(retried.ok && retried.value.changed).toBe(failedIds.length);
    await core.idle();
    expect((await jobsById(failedIds)).map((job) => job.state)).toEqual(failedIds.map(() => 'done'));
    figures.jobsRecovered += failedIds.length;
  });

  it('waits out slow answers, and reports a refused connection clearly until the service is back', async () => {
    // Answering undefined means "forward": the right answer, only late.
    shim.setHandler(async (request) => {
      if (!request.path.includes('/extract/')) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return undefined;
    });
    const slow = await addJobs(2);
    await core.idle();
    expect((await jobsById(slow)).map((job) => job.state)).toEqual(['done', 'done']);
    shim.setHandler(undefined);

    const refused = await closedPortUrl();
    expect((await core.call('settings.update', { serviceUrl: refused })).ok).toBe(true);
    const resolved = await core.call('grab.resolve', { url: nextLink() });
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) {
      expect(resolved.error.code).toBe('network_error');
      expect(unclearParts(resolved.error)).toEqual([]);
    }
    const ids = await addJobs(2);
    await core.idle();
    const failed = await jobsById(ids);
    expect(failed.map((job) => [job.state, job.error?.code])).toEqual([
      ['failed', 'network_error'],
      ['failed', 'network_error'],
    ]);
    expect((await core.call('settings.update', { serviceUrl: shim.url })).ok).toBe(true);
    expect((await core.call('jobs.retry', { ids })).ok).toBe(true);
    await core.idle();
    expect((await jobsById(ids)).map((job) => job.state)).toEqual(['done', 'done']);
    figures.scenarios += 2;
    figures.jobsRecovered += ids.length + slow.length;
  });

  it('gives up on a service that never answers with a clear time-out', async () => {
    shim.setHandler(() => ({ kind: 'hang' }));
    // The client's own time-out (60 s in the app) is shortened here; the path is the same.
    const client = createServiceClient({ baseUrl: shim.url, apiVersion: 'v1', getKey: async () => KEY, timeoutMs: 300, retry: { maxAttempts: 2, baseDelayMs: 10 } });
    const result = await client.extractPost(nextLink());
    shim.setHandler(undefined);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('timeout');
      expect(result.error.retryable).toBe(true);
      expect(unclearParts(result.error)).toEqual([]);
    }
    figures.scenarios++;
  });
});

/** The address of a port nobody listens on (taken, then released). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
