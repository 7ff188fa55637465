import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/core';
import { createServiceClient } from '../../../src/core/api/service-client';
import { createBalanceAlerts } from '../../../src/core/credits/balance-alerts';
import { createCreditsMonitor } from '../../../src/core/credits/credits-monitor';
import { ChargedCallWatch } from '../../../src/core/credits/charged-call-watch';
import { createLedger } from '../../../src/core/credits/ledger';
import { createPriceLearner } from '../../../src/core/credits/price-learner';
import { createPriceTable } from '../../../src/core/credits/price-table';
import { EventBus } from '../../../src/core/events/event-bus';
import { migrations, openDatabase } from '../../../src/core/db';

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A balance endpoint on 127.0.0.1 answering with `handler`; its base URL. */
async function serveBalance(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A credits monitor on a real database and a real client of `baseUrl`. */
function monitorOf(baseUrl: string, options: { onTopUp?: () => void; debounceMs?: number } = {}) {
  const opened = openDatabase(join(mkdtempSync(join(tmpdir(), 'trove-monitor-')), 'trove.db'), {
    migrations,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  const db = opened.value;
  const ledger = createLedger(db, { now: Date.now });
  const client = createServiceClient({ baseUrl, apiVersion: 'v1', getKey: async () => 'k' });
  const monitor = createCreditsMonitor({
    client: () => client,
    alerts: createBalanceAlerts(db, { now: Date.now }),
    learner: createPriceLearner({ ledger, prices: createPriceTable(db, { now: Date.now }), watch: new ChargedCallWatch() }),
    events: new EventBus(),
    now: Date.now,
    onTopUp: options.onTopUp ?? (() => undefined),
    ...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {}),
  });
  return {
    monitor,
    ledger,
    close() {
      monitor.close();
      db.close();
    },
  };
}

describe('credits monitor', () => {
  it('touches nothing after the engine closed while a balance query was still out', async () => {
    let answer: (() => void) | undefined;
    const serviceUrl = await serveBalance((_request, response) => {
      answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"availableCredits":42}');
    });
    const core = await createCore({ dataDir: mkdtempSync(join(tmpdir(), 'trove-credits-')), env: { TROVE_API_KEY: 'k' }, settings: { serviceUrl } });
    const pending = core.call('credits.get', { refresh: true });
    while (!answer) await new Promise((resolve) => setTimeout(resolve, 5));
    await core.close();
    answer();
    // Before the fix this rejected ("The database connection is not open") outside any caller.
    expect(await pending).toMatchObject({ ok: false, error: { code: 'closed' } });
  });
});

describe('credits monitor, first answer after a top-up', () => {
  it('lets held jobs go on when the first balance it ever sees is positive', async () => {
    const baseUrl = await serveBalance((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"availableCredits":100}');
    });
    let resumed = 0;
    const { monitor, close } = monitorOf(baseUrl, { onTopUp: () => resumed++ });
    expect(await monitor.refresh()).toMatchObject({ ok: true, value: { availableCredits: 100 } });
    expect(resumed).toBe(1);
    await monitor.refresh();
    expect(resumed).toBe(1); // the same balance again is no top-up
    close();
  });
});

describe('credits monitor, a charge while a balance query is out', () => {
  it('gives the charge the balance of a query sent after it, not of the one already out', async () => {
    const held: Array<(credits: number) => void> = [];
    const baseUrl = await serveBalance((_request, response) => {
      held.push((credits) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ availableCredits: credits })));
    });
    const { monitor, ledger, close } = monitorOf(baseUrl, { debounceMs: 0 });
    /** Polls until `done`; gives up after a while so a missing query fails the test instead of hanging it. */
    const eventually = async (done: () => boolean) => {
      for (let tries = 0; tries < 400 && !done(); tries++) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const waitForQueries = (count: number) => eventually(() => held.length >= count);

    // A query is out (the server has counted the balance before the charge), then a call is charged.
    const first = monitor.refresh();
    await waitForQueries(1);
    const entry = ledger.record({ endpoint: 'v1 POST /extract/post', link: 'https://video.example/watch/a' });
    if (!entry.ok) throw new Error(entry.error.message);
    monitor.charged(entry.value.id);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the debounce fires while the first query is out
    held[0]?.(500);
    expect(await first).toMatchObject({ ok: true, value: { availableCredits: 500 } });
    // The charge needs a query of its own: its balance is the one after it.
    await waitForQueries(2);
    expect(held).toHaveLength(2);
    held[1]?.(499);
    await eventually(() => monitor.last()?.availableCredits === 499);
    const listed = ledger.list();
    expect(listed.ok && listed.value.map((e) => e.balanceAfter)).toEqual([499]);
    close();
  });
});

describe('credits monitor, one balance', () => {
  it('asks once for a burst of 402s, and a later success clears the mark a failed check left', async () => {
    let queries = 0;
    let down = false;
    const baseUrl = await serveBalance((_request, response) => {
      queries++;
      if (down) response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down","code":"server_error"}');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"availableCredits":3}');
    });
    const { monitor, close } = monitorOf(baseUrl, { debounceMs: 20 });
    for (let n = 0; n < 10; n++) monitor.outOfCredits();
    for (let tries = 0; tries < 400 && monitor.last() === undefined; tries++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(monitor.last()).toMatchObject({ availableCredits: 3 });
    expect(queries).toBe(1);

    down = true;
    const checkedAt = monitor.last()?.checkedAt;
    const failed = await monitor.refresh();
    expect(failed.ok).toBe(false);
    expect(monitor.last()).toMatchObject({ availableCredits: 3, checkedAt, refreshFailed: { code: 'server_error' } });

    down = false;
    expect(await monitor.refresh()).toMatchObject({ ok: true });
    expect(monitor.last()?.refreshFailed).toBeUndefined();
    close();
  });
});
