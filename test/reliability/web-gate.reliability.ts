import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { checkRequest } from '../../src/server/request-gate';
import { startWebServer } from '../../src/server/web-server';
import type { WebServer } from '../../src/server/web-server';
import { startTrove } from '../cli/main/run-trove';
import { recordFigures } from './support/figures';
import { cookieFrom, exchange, httpRequest, nonLoopbackAddress, openSocket } from './support/web-client';

/*
 * Web mode's door: a real server on a real Core. Requests without the token or with a
 * wrong one, WebSocket upgrades from another Origin, another Host (DNS rebinding), and
 * connections from a non-loopback address of this machine are all refused; malformed
 * socket messages get errors, never a crash. The unit tests of each rule are in
 * test/server/request-gate.test.ts; this proves them over real sockets.
 */

const KEY = 'sandbox-key';
const REMOTE = nonLoopbackAddress();

let sandbox: Sandbox;
let core: Core;
let server: WebServer;
let root: string;
let cookie: string;
const figures = { refusedRequests: 0, allowedRequests: 0, malformedMessages: 0, nonLoopback: REMOTE ? `real connections from ${REMOTE}` : 'checkRequest only (no non-loopback address here)' };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trove-gate-'));
  const staticDir = join(root, 'renderer');
  await mkdir(staticDir, { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Trove</title>');
  sandbox = await startSandbox({ port: 0 });
  core = await createCore({
    dataDir: join(root, 'data'),
    env: { TROVE_API_KEY: KEY, PATH: process.env['PATH'] ?? '' },
    settings: { serviceUrl: sandbox.url, downloadFolder: join(root, 'out') },
  });
  server = await startWebServer({ core, port: 0, staticDir });
  const login = await httpRequest({ port: server.port, path: `/?token=${server.token}`, headers: { host: `127.0.0.1:${server.port}` } });
  expect(login.status).toBe(303);
  cookie = cookieFrom(login);
});

afterAll(async () => {
  await server?.close();
  await core?.close();
  await sandbox?.close();
  if (root) await rm(root, { recursive: true, force: true });
  recordFigures('web-gate', figures);
});

const host = (): string => `127.0.0.1:${server.port}`;
const origin = (): string => `http://${host()}`;

async function refusedHttp(what: string, headers: Record<string, string>, expected: number, path = '/', extra: { method?: string; localAddress?: string } = {}): Promise<void> {
  const reply = await httpRequest({ port: server.port, path, headers, ...extra });
  expect(reply.status, what).toBe(expected);
  expect(reply.headers['set-cookie'], what).toBeUndefined();
  figures.refusedRequests++;
}

async function refusedSocket(what: string, headers: Record<string, string>, expected: number, extra: { path?: string; localAddress?: string } = {}): Promise<void> {
  const result = await openSocket({ port: server.port, headers, ...extra });
  if (typeof result !== 'number') result.close();
  expect(result, what).toBe(expected);
  figures.refusedRequests++;
}

describe('web mode refuses', () => {
  it('pages, assets and media without the token, or with a wrong or foreign one', async () => {
    await refusedHttp('no token', { host: host() }, 401);
    await refusedHttp('no token, media', { host: host() }, 401, '/media/%2Fetc%2Fpasswd');
    await refusedHttp('a wrong token in the URL', { host: host() }, 401, '/?token=not-the-token');
    await refusedHttp('the token with one character changed', { host: host() }, 401, `/?token=${server.token.slice(0, -1)}${server.token.endsWith('A') ? 'B' : 'A'}`);
    await refusedHttp('a wrong cookie', { host: host(), cookie: `trove-token-${server.port}=nope` }, 401);
    await refusedHttp("another port's cookie name", { host: host(), cookie: `trove-token-${server.port + 1}=${server.token}` }, 401);
    await refusedHttp('the token as a bearer header', { host: host(), authorization: `Bearer ${server.token}` }, 401);
    const allowed = await httpRequest({ port: server.port, headers: { host: host(), cookie } });
    expect(allowed.status).toBe(200);
    figures.allowedRequests++;
  });

  it('another Host (DNS rebinding) and methods other than GET and HEAD', async () => {
    await refusedHttp('Host evil.example', { host: `evil.example:${server.port}`, cookie }, 421);
    await refusedHttp('Host with another port', { host: `127.0.0.1:${server.port + 1}`, cookie }, 421);
    const hostless = await httpRequest({ port: server.port, headers: { cookie }, omitHost: true });
    expect([400, 421], 'no Host').toContain(hostless.status);
    figures.refusedRequests++;
    await refusedHttp('POST', { host: host(), cookie }, 405, '/', { method: 'POST' });
    await refusedHttp('DELETE', { host: host(), cookie }, 405, '/', { method: 'DELETE' });
  });

  it('WebSocket upgrades without the cookie or from another Origin', async () => {
    await refusedSocket('no cookie', { host: host(), origin: origin() }, 401);
    await refusedSocket('the token in the socket URL instead of the cookie', { host: host(), origin: origin() }, 401, { path: `/ws?token=${server.token}` });
    await refusedSocket('another site', { host: host(), origin: 'http://evil.example', cookie }, 403);
    await refusedSocket('a look-alike origin', { host: host(), origin: `http://127.0.0.1:${server.port}.evil.example`, cookie }, 403);
    await refusedSocket('https instead of http', { host: host(), origin: `https://${host()}`, cookie }, 403);
    await refusedSocket('the null origin (sandboxed frame, file:)', { host: host(), origin: 'null', cookie }, 403);
    await refusedSocket('no origin', { host: host(), cookie }, 403);
    await refusedSocket('another Host', { host: `evil.example:${server.port}`, origin: `http://evil.example:${server.port}`, cookie }, 421);
    await refusedSocket('another path', { host: host(), origin: origin(), cookie }, 404, { path: '/socket' });
  });

  it.skipIf(REMOTE === undefined)(`connections from a non-loopback address of this machine (${REMOTE ?? 'none'})`, async () => {
    const from = { localAddress: REMOTE as string };
    // Even with the right token, cookie, Host and Origin: only this computer may connect.
    await refusedHttp('remote, with the token', { host: host() }, 403, `/?token=${server.token}`, from);
    await refusedHttp('remote, with the cookie', { host: host(), cookie }, 403, '/', from);
    await refusedSocket('remote socket', { host: host(), origin: origin(), cookie }, 403, from);
  });

  it('non-loopback addresses, by the gate itself (IPv4, IPv6, mapped)', () => {
    const config = { token: 't', port: 8788, allowRemote: false };
    for (const remoteAddress of ['192.0.2.2', '10.0.0.5', '::ffff:192.168.1.2', 'fe80::1', '2001:db8::1', undefined]) {
      const verdict = checkRequest(
        { remoteAddress, host: '127.0.0.1:8788', url: new URL('http://127.0.0.1:8788/'), cookie: 'trove-token-8788=t', upgrade: false },
        config,
      );
      expect(verdict, String(remoteAddress)).toMatchObject({ kind: 'deny', status: 403 });
    }
  });
});

describe('web mode survives malformed socket traffic', () => {
  it('answers every malformed message with an error and keeps serving', async () => {
    const ws = (await openSocket({ port: server.port, headers: { host: host(), origin: origin(), cookie } })) as WebSocket;
    expect(typeof ws).toBe('object');
    const malformed: unknown[] = [
      'not json',
      '',
      'null',
      '[]',
      '42',
      '{"id": 1}',
      '{"id": 1, "command": "no.such"}',
      '{"id": 1, "command": "__proto__", "input": {}}',
      '{"id": {"x": 1}, "command": "jobs.list"}',
      '{"id": 1, "command": "jobs.list", "input": {"states": "all"}}',
      '{"id": 1, "command": "jobs.list", "extra": true}',
      '{"__proto__": {"polluted": 1}, "id": 1, "command": "jobs.list"}',
      `{"id": 1, "command": "grab.resolve", "input": {"url": "${'a'.repeat(500_000)}"}}`,
      '{"id": 1, "command": "jobs.list", "input": ' + '['.repeat(10_000) + ']'.repeat(10_000) + '}',
    ];
    for (const message of malformed) {
      const reply = await exchange(ws, message);
      expect(reply.ok, String(message).slice(0, 80)).toBe(false);
      figures.malformedMessages++;
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const still = await exchange(ws, { id: 'last', command: 'jobs.list', input: {} });
    expect(still).toMatchObject({ id: 'last', ok: true });
    ws.close();
  });

  // Found by this suite: the server had no 'error' listener on its sockets, so an oversized
  // message threw inside `ws` and ended the process (any holder of the token could stop it).
  it('closes a socket that sends more than 1 MiB at once, and keeps serving (trove serve in a child process)', async () => {
    const serve = startTrove(['--data-dir', join(root, 'serve-data'), 'serve', '--port', '0', '--json'], { env: { TROVE_API_KEY: KEY } });
    try {
      const line = await serve.waitForLine((text) => text.includes('"command":"serve"'));
      const { url, port } = JSON.parse(line) as { url: string; port: number };
      const login = await httpRequest({ port, path: new URL(url).pathname + new URL(url).search, headers: { host: `127.0.0.1:${port}` } });
      const served = { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, cookie: cookieFrom(login) };
      const ws = (await openSocket({ port, headers: served })) as WebSocket;
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      ws.send('x'.repeat(2 * 1024 * 1024));
      expect(await closed).toBe(1009);
      const next = await openSocket({ port, headers: served });
      expect(typeof next, 'the server no longer accepts connections: the process died').toBe('object');
      (next as WebSocket).close();
      figures.malformedMessages++;
    } finally {
      serve.child.kill('SIGINT');
      await serve.done;
    }
  });
});
