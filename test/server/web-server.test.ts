import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core/core-api';
import { startWebServer } from '../../src/server/web-server';
import type { WebServer } from '../../src/server/web-server';
import { cookieFrom, exchange, httpRequest, openSocket } from '../reliability/support/web-client';
import type { HttpReply } from '../reliability/support/web-client';

const SECRET_KEY = 'sk-test-never-in-the-browser';
let base: string;
let core: Core;
let server: WebServer;
let cookie: string;

/** A raw HTTP GET, so tests control the Host, Cookie and Range headers exactly. */
const get = (pathname: string, headers: Record<string, string> = {}): Promise<HttpReply> => httpRequest({ port: server.port, path: pathname, headers });

const origin = (): string => `http://127.0.0.1:${server.port}`;

/** Opens a socket; resolves with it once open, or with the HTTP status it was refused with. */
const connect = (headers: Record<string, string>): Promise<WebSocket | number> => openSocket({ port: server.port, headers });

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'trove-web-'));
  const staticDir = path.join(base, 'renderer');
  const dataDir = path.join(base, 'data');
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await mkdir(path.join(dataDir, 'thumbnails'), { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Trove</title>');
  await writeFile(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(base, 'outside.txt'), 'private');
  await symlink(path.join(base, 'outside.txt'), path.join(staticDir, 'assets', 'leak.js'));
  await writeFile(path.join(dataDir, 'thumbnails', 'a.jpg'), '0123456789');
  core = await createCore({ dataDir, env: { TROVE_API_KEY: SECRET_KEY } });
  server = await startWebServer({ core, port: 0, staticDir });
  const login = await get(`/?token=${server.token}`);
  cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
});

afterAll(async () => {
  await server?.close();
  await core?.close();
  await rm(base, { recursive: true, force: true });
});

describe('the web server over HTTP', () => {
  it('prints a loopback URL with a random token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(40);
  });

  it('trades the token for an HttpOnly SameSite=Strict cookie and drops it from the address', async () => {
    const login = await get(`/?token=${server.token}`);
    expect(login.status).toBe(303);
    expect(login.headers.location).toBe('/');
    expect(login.headers['set-cookie']?.[0]).toMatch(/HttpOnly; SameSite=Strict/);
  });

  it('refuses requests without the token, with a wrong one, or under another host name', async () => {
    expect((await get('/')).status).toBe(401);
    expect((await get('/?token=guess')).status).toBe(401);
    expect((await get('/', { Cookie: `trove-token-${server.port}=guess` })).status).toBe(401);
    expect((await get('/assets/app.js')).status).toBe(401);
    expect((await get('/', { Cookie: cookie, Host: `evil.example:${server.port}` })).status).toBe(421);
  });

  it('serves the page with its CSP, and assets, to the cookie holder', async () => {
    const page = await get('/', { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Trove</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect((await get('/assets/app.js', { Cookie: cookie })).status).toBe(200);
  });

  it('serves nothing outside the bundle and media roots', async () => {
    expect((await get('/assets/leak.js', { Cookie: cookie })).status).toBe(403);
    // URL parsing resolves dot segments inside the URL space: this is /outside.txt of the bundle.
    expect((await get('/../outside.txt', { Cookie: cookie })).status).toBe(404);
    expect((await get('/assets/..%2F..%2Foutside.txt', { Cookie: cookie })).status).toBe(400);
    const outside = path.join(base, 'outside.txt').split(path.sep).map(encodeURIComponent).join('/');
    expect((await get(`/media${outside}`, { Cookie: cookie })).status).toBe(403);
  });

  it('answers odd request targets with a clear refusal, not an internal error', async () => {
    for (const target of ['//', '//evil.example/assets/app.js', '///etc/passwd']) {
      const reply = await get(target, { Cookie: cookie });
      expect(reply.status, target).toBe(400);
      expect(reply.body, target).not.toContain('Something went wrong');
    }
    // an absolute-form target's host is the one that counts, not the Host header's
    expect((await get(`http://evil.example:${server.port}/`, { Cookie: cookie })).status).toBe(421);
    expect((await get(`http://127.0.0.1:${server.port}/`, { Cookie: cookie })).status).toBe(200);
  });

  it('serves the cached thumbnails of the data folder, not its database', async () => {
    const database = path.join(core.dataDir, 'trove.db').split(path.sep).map(encodeURIComponent).join('/');
    expect((await get(`/media${database}`, { Cookie: cookie })).status).toBe(403);
  });

  it('serves media from the data folder with Range support', async () => {
    const thumb = path.join(core.dataDir, 'thumbnails', 'a.jpg').split(path.sep).map(encodeURIComponent).join('/');
    const partial = await get(`/media${thumb}`, { Cookie: cookie, Range: 'bytes=2-4' });
    expect(partial.status).toBe(206);
    expect(partial.body).toBe('234');
    expect(partial.headers['content-range']).toBe('bytes 2-4/10');
  });
});

describe('the contract over the WebSocket', () => {
  it('refuses upgrades without the cookie or from another origin', async () => {
    expect(await connect({ Origin: origin() })).toBe(401);
    expect(await connect({ Cookie: cookie, Origin: 'http://evil.example' })).toBe(403);
    expect(await connect({ Cookie: cookie })).toBe(403);
  });

  it('answers commands with envelopes and rejects bad messages and inputs', async () => {
    const ws = await connect({ Cookie: cookie, Origin: origin() });
    if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
    expect(await exchange(ws, { id: 1, command: 'settings.get', input: {} })).toMatchObject({ id: 1, ok: true });
    expect(await exchange(ws, { id: 2, command: 'jobs.pause', input: { ids: ['one'] } })).toMatchObject({
      id: 2,
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await exchange(ws, { id: 3, command: 'settings.update', input: { apiKey: 'x' } })).toMatchObject({
      id: 3,
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await exchange(ws, { id: 4, command: 'shell.exec', input: {} })).toMatchObject({ id: 4, ok: false, error: { code: 'unknown_command' } });
    expect(await exchange(ws, 'not json')).toMatchObject({ id: null, ok: false, error: { code: 'bad_message' } });
    ws.close();
  });

  it('answers a message it cannot take under the id it carries, and a binary one too', async () => {
    const ws = await connect({ Cookie: cookie, Origin: origin() });
    if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
    expect(await exchange(ws, { id: 7, command: 'settings.get', input: {}, extra: 1 })).toMatchObject({ id: 7, ok: false, error: { code: 'bad_message' } });
    expect(await exchange(ws, { id: 'a', input: {} })).toMatchObject({ id: 'a', ok: false, error: { code: 'bad_message' } });
    const reply = new Promise<string>((resolve) => ws.once('message', (data: Buffer) => resolve(data.toString())));
    ws.send(Buffer.from(JSON.stringify({ id: 8, command: 'settings.get', input: {} })), { binary: true });
    expect(JSON.parse(await reply)).toMatchObject({ id: null, ok: false, error: { code: 'bad_message', message: expect.stringContaining('text') } });
    ws.close();
  });

  it('closes a socket that sends an oversized message with 1009 and keeps serving others', async () => {
    const ws = await connect({ Cookie: cookie, Origin: origin() });
    if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    ws.send('x'.repeat(2 * 1024 * 1024));
    expect(await closed).toBe(1009);
    const next = await connect({ Cookie: cookie, Origin: origin() });
    if (typeof next === 'number') throw new Error(`refused with ${next}`);
    expect(await exchange(next, { id: 1, command: 'settings.get', input: {} })).toMatchObject({ id: 1, ok: true });
    next.close();
  });

  it('pushes events, and never sends the API key', async () => {
    const ws = await connect({ Cookie: cookie, Origin: origin() });
    if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
    const received: string[] = [];
    ws.on('message', (data: Buffer) => received.push(data.toString()));
    const status = await exchange(ws, { id: 1, command: 'key.status', input: {} });
    expect(status).toMatchObject({ ok: true, value: { isSet: true, source: 'environment' } });
    const changed = new Promise<void>((resolve) => ws.on('message', (data: Buffer) => data.toString().includes('"settings.changed"') && resolve()));
    await exchange(ws, { id: 2, command: 'settings.update', input: { theme: 'dark' } });
    await changed;
    await exchange(ws, { id: 3, command: 'settings.get', input: {} });
    expect(received.join('\n')).not.toContain(SECRET_KEY);
    ws.close();
  });
});

describe('a server bound to another loopback address', () => {
  it('stays private when the name it was given resolves to loopback (--host 127.1, a host name in /etc/hosts)', async () => {
    const other = await startWebServer({ core, port: 0, host: '127.1', staticDir: path.join(base, 'renderer') });
    try {
      const login = await httpRequest({ port: other.port, path: `/?token=${other.token}`, headers: { Host: `127.1:${other.port}` } });
      expect(login.status).toBe(303);
      const ownCookie = cookieFrom(login);
      expect((await httpRequest({ port: other.port, headers: { Cookie: ownCookie, Host: `127.1:${other.port}` } })).status).toBe(200);
      expect((await httpRequest({ port: other.port, headers: { Cookie: ownCookie, Host: `evil.example:${other.port}` } })).status).toBe(421);
    } finally {
      await other.close();
    }
  });

  it('answers to the address it printed (--host 127.0.0.2), and still to no other name', async () => {
    const other = await startWebServer({ core, port: 0, host: '127.0.0.2', staticDir: path.join(base, 'renderer') });
    try {
      expect(other.url).toBe(`http://127.0.0.2:${other.port}/?token=${other.token}`);
      const at = { host: '127.0.0.2', port: other.port };
      const login = await httpRequest({ ...at, path: `/?token=${other.token}` });
      expect(login.status).toBe(303);
      const ownCookie = cookieFrom(login);
      expect((await httpRequest({ ...at, headers: { Cookie: ownCookie } })).status).toBe(200);
      expect((await httpRequest({ ...at, headers: { Cookie: ownCookie, Host: `evil.example:${other.port}` } })).status).toBe(421);
      const ws = await openSocket({ ...at, headers: { Cookie: ownCookie, Origin: `http://127.0.0.2:${other.port}` } });
      if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
      expect(await exchange(ws, { id: 1, command: 'settings.get', input: {} })).toMatchObject({ id: 1, ok: true });
      ws.close();
    } finally {
      await other.close();
    }
  });
});
