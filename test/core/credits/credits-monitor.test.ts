import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('credits monitor', () => {
  it('touches nothing after the engine closed while a balance query was still out', async () => {
    let answer: (() => void) | undefined;
    const server = createServer((_request, response) => {
      answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"availableCredits":42}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const core = await createCore({
      dataDir: mkdtempSync(join(tmpdir(), 'trove-credits-')),
      env: { TROVE_API_KEY: 'k' },
      settings: { serviceUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
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
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"availableCredits":100}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { createCreditsMonitor } = await import('../../../src/core/credits/credits-monitor');
    const { createServiceClient } = await import('../../../src/core/api/service-client');
    const { EventBus } = await import('../../../src/core/events/event-bus');
    const { openDatabase } = await import('../../../src/core/library/database');
    const { mergeMigrations } = await import('../../../src/core/library/migrate');
    const { creditsMigrations } = await import('../../../src/core/credits/migrations');
    const { libraryMigrations } = await import('../../../src/core/library/migrations');
    const { jobsMigrations } = await import('../../../src/core/jobs/jobs-migrations');
    const { createBalanceAlerts } = await import('../../../src/core/credits/balance-alerts');
    const { createLedger } = await import('../../../src/core/credits/ledger');
    const opened = openDatabase(join(mkdtempSync(join(tmpdir(), 'trove-topup-')), 'trove.db'), {
      migrations: mergeMigrations(libraryMigrations, creditsMigrations, jobsMigrations),
    });
    if (!opened.ok) throw new Error(opened.error.message);
    let resumed = 0;
    const client = createServiceClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiVersion: 'v1', getKey: async () => 'k' });
    const monitor = createCreditsMonitor({
      client: () => client,
      alerts: createBalanceAlerts(opened.value, { now: Date.now }),
      ledger: createLedger(opened.value, { now: Date.now }),
      events: new EventBus(),
      now: Date.now,
      onTopUp: () => resumed++,
    });
    expect(await monitor.refresh()).toMatchObject({ ok: true, value: { availableCredits: 100 } });
    expect(resumed).toBe(1);
    await monitor.refresh();
    expect(resumed).toBe(1); // the same balance again is no top-up
    monitor.close();
    opened.value.close();
  });
});
