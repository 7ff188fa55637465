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
