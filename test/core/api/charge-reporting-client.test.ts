import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportingCharges } from '../../../src/core/api/charge-reporting-client';
import type { ChargedCall } from '../../../src/core/api/charge-reporting-client';
import type { Sandbox } from '../../../src/sandbox';
import { startSandbox } from '../../../src/sandbox';
import { recordedClient } from './helpers/sandbox-client';
import { json, startScriptedServer } from './helpers/scripted-server';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: ['sandbox-key'] });
});
afterAll(async () => {
  await sandbox.close();
});

describe.each(['v1', 'legacy'] as const)('reporting the charged calls of the %s client', (version) => {
  it('reports each charged call once, named as the ledger names it, and nothing for a free one', async () => {
    const reported: ChargedCall[] = [];
    const client = reportingCharges(recordedClient(sandbox.url, version).client, (call) => reported.push(call));
    const before = sandbox.stats().charges.length;

    expect((await client.extractPost('https://video.example/watch/reported')).charged).toBe(true);
    expect((await client.extractSubtitles('https://video.example/watch/reported')).charged).toBe(true);
    expect((await client.extractPlaylist('https://video.example/@reported-3')).charged).toBe(true);
    expect((await client.credits()).charged).toBe(false);
    const pages = [];
    for await (const page of client.pages('https://video.example/@reported-pages-45')) pages.push(page);

    expect(reported).toEqual([
      { endpoint: `${version} POST /extract/post`, link: 'https://video.example/watch/reported' },
      { endpoint: `${version} POST /extract/subtitles`, link: 'https://video.example/watch/reported' },
      ...Array.from({ length: 1 + pages.length }, () => ({ endpoint: `${version} POST /extract/playlist`, link: expect.stringContaining('@reported') })),
    ]);
    expect(pages.length).toBeGreaterThan(1);
    // the service's own count of what it billed
    expect(sandbox.stats().charges.length - before).toBe(reported.length);
  });

  it('reports a call the service billed although its answer was unusable, and not one it refused', async () => {
    const server = await startScriptedServer((request, response) =>
      request.body.includes('refused') ? json(response, 404, { code: 'not_found', message: 'No such post' }) : json(response, 200, { not: 'a post' }),
    );
    try {
      const reported: ChargedCall[] = [];
      const client = reportingCharges(recordedClient(server.url, version, { retry: { maxAttempts: 1 } }).client, (call) => reported.push(call));
      const garbled = await client.extractPost('https://video.example/watch/garbled');
      expect(garbled).toMatchObject({ ok: false, charged: true });
      expect((await client.extractPost('https://video.example/watch/refused')).charged).toBe(false);
      expect(reported).toEqual([{ endpoint: `${version} POST /extract/post`, link: 'https://video.example/watch/garbled' }]);
    } finally {
      await server.close();
    }
  });
});
