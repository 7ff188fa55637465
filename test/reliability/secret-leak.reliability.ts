import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import electronViteConfig from '../../electron.vite.config';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { DEFAULT_STATIC_DIR, startWebServer } from '../../src/server';
import type { WebServer } from '../../src/server';
import { runTrove, startTrove } from '../cli/main/run-trove';
import type { TroveResult } from '../cli/main/run-trove';
import { probeSecretService } from '../core/secrets/helpers/secret-service';
import { recordFigures } from './support/figures';
import { listFiles } from './support/library-audit';
import { startServiceShim } from './support/service-shim';
import type { ServiceShim } from './support/service-shim';
import { cookieFrom, exchange, httpRequest, openSocket, recordFrames } from './support/web-client';

/*
 * The API key never leaves the engine. A unique key is set (in a real Secret Service when
 * one is reachable, as a user would), the main flows run through the CLI and web mode —
 * downloads, subtitles, profiles, the ledger, errors, --debug stack traces, a start-up
 * crash, Ctrl-C, a hostile service that echoes the key back in its error messages and
 * details — and then everything written is searched for the key in several encodings:
 * the data folders (SQLite file and WAL, settings, thumbnails), the downloads, every
 * line the CLI printed, every WebSocket frame and HTTP body web mode sent, and a
 * renderer bundle built with the key in the build's environment.
 */

const KEY = `trove-leak-${randomBytes(18).toString('hex')}`;
const FORMS: Record<string, string> = {
  raw: KEY,
  base64: Buffer.from(KEY).toString('base64'),
  base64url: Buffer.from(KEY).toString('base64url'),
  hex: Buffer.from(KEY).toString('hex'),
  'utf-16': Buffer.from(KEY, 'utf16le').toString('latin1'),
};
const probe = await probeSecretService();
/** In CI the keychain must be real; elsewhere the key may come from TROVE_API_KEY instead. */
const useKeychain = probe.ok || Boolean(process.env['CI']);

let sandbox: Sandbox;
let echo: ServiceShim;
let root: string;
/** Everything that left the engine, by where it was seen. */
const corpus: Array<{ where: string; text: string }> = [];
const seen = (where: string, text: string | Buffer): void => {
  corpus.push({ where, text: typeof text === 'string' ? text : text.toString('latin1') });
};
const figures = { cliRuns: 0, socketFrames: 0, httpBodies: 0, filesSearched: 0, bytesSearched: 0, keychain: useKeychain ? 'real Secret Service' : `TROVE_API_KEY (no Secret Service: ${probe.ok ? '' : probe.reason})` };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trove-leak-'));
  sandbox = await startSandbox({ port: 0, keys: [KEY], faults: true });
  // A service that repeats the key it was sent in its errors: the engine must redact it.
  echo = await startServiceShim(sandbox.url, (request) => {
    const sent = String(request.headers['authorization'] ?? request.headers['x-api-key'] ?? '');
    const kind = /^https:\/\/error\.example\/echo-(\d+)/u.exec(request.link ?? '')?.[1];
    if (kind === undefined) return undefined;
    const status = Number(kind);
    return {
      status,
      json: {
        code: status === 400 ? 'extract_failed' : 'unknown',
        message: `Refused for ${sent} (${encodeURIComponent(sent)})`,
        retryable: false,
        detail: [{ loc: ['header', 'authorization'], input: sent, msg: `bad ${sent}` }],
      },
    };
  });
});

afterAll(async () => {
  await echo?.close();
  await sandbox?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the API key', () => {
  it('never appears in anything the CLI writes or prints', async () => {
    const dataDir = join(root, 'cli-data');
    const out = join(root, 'cli-out');
    const keychainService = `Trove-leak-test-${randomUUID()}`;
    const env: Record<string, string> = useKeychain ? { TROVE_KEYCHAIN_SERVICE: keychainService } : { TROVE_API_KEY: KEY };
    const globals = ['--service-url', echo.url, '--data-dir', dataDir];
    const trove = async (args: string[], input?: string): Promise<TroveResult> => {
      const result = await runTrove([...globals, ...args], { env, ...(input !== undefined ? { input } : {}) });
      seen(`trove ${args.join(' ')} (stdout)`, result.stdout);
      seen(`trove ${args.join(' ')} (stderr)`, result.stderr);
      figures.cliRuns++;
      return result;
    };

    if (useKeychain) {
      const stored = await trove(['key', 'set', '--json'], `${KEY}\n`);
      expect(stored.code, stored.stderr).toBe(0);
    }
    try {
      // The main flows must really run (and the error flows really fail), or there is nothing to search.
      const flows: Array<[args: string[], exit: 'ok' | 'error']> = [
        [['key', 'status'], 'ok'],
        [['credits'], 'ok'],
        [['extract', 'https://video.example/watch/leak1', '--json'], 'ok'],
        [['get', 'https://video.example/watch/leak1', '--subs', 'en-US', '--embed-subs', '--out', out, '--json'], 'ok'],
        [['get', 'https://video.example/@leaker-3', '--limit', '2', '--out', out], 'ok'],
        [['subtitles', 'https://video.example/watch/leak2', '--lang', 'en-US', '--out', out], 'ok'],
        [['library', 'list', '--json'], 'ok'],
        [['library', 'search', 'Sample'], 'ok'],
        [['queue', 'list', '--json'], 'ok'],
        [['credits', '--days', '1', '--json'], 'ok'],
        [['--api-version', 'legacy', 'extract', 'https://video.example/watch/leak3'], 'ok'],
        [['get', 'https://error.example/private_content', '--out', out], 'error'],
        [['get', 'https://error.example/echo-400', '--out', out, '--json', '--debug'], 'error'],
        [['extract', 'https://error.example/echo-422', '--json', '--debug'], 'error'],
        [['extract', 'https://error.example/echo-500', '--debug'], 'error'],
        [['extract', 'https://error.example/echo-401', '--json'], 'error'],
        [['--api-version', 'legacy', 'extract', 'https://error.example/echo-400', '--debug'], 'error'],
      ];
      for (const [args, exit] of flows) {
        const result = await trove(args);
        if (exit === 'ok') expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
        else expect(result.code, args.join(' ')).not.toBe(0);
      }

      // A crash at start-up, with --debug's stack trace: the data folder is a file.
      const notAFolder = join(root, 'not-a-folder');
      writeFileSync(notAFolder, 'x');
      const crashed = await runTrove(['--data-dir', notAFolder, '--debug', 'queue', 'list'], { env });
      expect(crashed.code).not.toBe(0);
      seen('start-up crash (stdout)', crashed.stdout);
      seen('start-up crash (stderr)', crashed.stderr);

      // Ctrl-C in the middle of a download.
      sandbox.addFault({ match: 'leak-int/video-720', kind: 'stall', afterBytes: 4096 });
      const interrupted = startTrove([...globals, 'get', 'https://video.example/watch/leak-int', '--out', out, '--json'], { env });
      await interrupted.waitForLine((line) => line.includes('"state":"downloading"'));
      interrupted.child.kill('SIGINT');
      const stopped = await interrupted.done;
      expect(stopped.code).toBe(130);
      seen('Ctrl-C (stdout)', stopped.stdout);
      seen('Ctrl-C (stderr)', stopped.stderr);
      sandbox.clearFaults();
      await trove(['queue', 'resume', '--json']);

      // Web mode from the CLI: its printed address and notes.
      const serve = startTrove([...globals, 'serve', '--port', '0'], { env });
      await serve.waitForLine((line) => line.includes('token='));
      serve.child.kill('SIGINT');
      const served = await serve.done;
      seen('trove serve (stdout)', served.stdout);
      seen('trove serve (stderr)', served.stderr);
    } finally {
      if (useKeychain) await trove(['key', 'clear']);
    }
    for (const path of [...listFiles(dataDir), ...listFiles(out)]) seen(path, readFileSync(path));
    expectNoKey();
  });

  it('never crosses web mode: socket frames, pages, assets, and the database while it runs', async () => {
    const dataDir = join(root, 'web-data');
    const keychainService = `Trove-leak-web-${randomUUID()}`;
    const core: Core = await createCore({
      dataDir,
      env: { ...(useKeychain ? { TROVE_KEYCHAIN_SERVICE: keychainService } : { TROVE_API_KEY: KEY }), PATH: process.env['PATH'] ?? '' },
      settings: { serviceUrl: echo.url, downloadFolder: join(root, 'web-out') },
      retryDelaysMs: [],
      balanceDebounceMs: 50,
    });
    let server: WebServer | undefined;
    try {
      server = await startWebServer({ core, port: 0, staticDir: DEFAULT_STATIC_DIR });
      const host = `127.0.0.1:${server.port}`;
      const login = await httpRequest({ port: server.port, path: `/?token=${server.token}`, headers: { host } });
      const headers = { host, origin: `http://${host}`, cookie: cookieFrom(login) };
      const page = await httpRequest({ port: server.port, headers });
      seen('GET /', page.body);
      for (const asset of page.body.match(/\/assets\/[^"']+/gu) ?? []) {
        seen(`GET ${asset}`, (await httpRequest({ port: server.port, path: asset, headers })).body);
        figures.httpBodies++;
      }
      const ws = (await openSocket({ port: server.port, headers })) as WebSocket;
      const frames = recordFrames(ws);
      let id = 0;
      const call = (command: string, input: unknown) => exchange(ws, { id: ++id, command, input });
      if (useKeychain) expect(await call('key.set', { key: KEY })).toMatchObject({ ok: true });
      // The main commands must work; resolving the echo links and a wrong key must fail.
      for (const [command, input, works] of [
        ['app.info', {}, true],
        ['key.status', {}, true],
        ['settings.get', {}, true],
        ['credits.get', { refresh: true }, true],
        ['grab.resolve', { url: 'https://video.example/watch/web1' }, true],
        ['subtitles.list', { url: 'https://video.example/watch/web1' }, true],
        ['grab.resolve', { url: 'https://error.example/echo-400' }, false],
        ['grab.resolve', { url: 'https://error.example/echo-422' }, false],
        ['grab.resolve', { url: 'https://error.example/echo-401' }, false],
        ['jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/web2' } }, true],
        ['jobs.add', { source: { kind: 'link', url: 'https://error.example/echo-422' } }, true],
        ['key.set', { key: `${KEY}-wrong` }, false],
      ] as const) {
        const reply = await call(command, input);
        expect(reply.ok, `${command} ${JSON.stringify(input)}: ${JSON.stringify(reply).slice(0, 300)}`).toBe(works);
      }
      await core.idle();
      // The write-ahead log holds the newest pages until a checkpoint: read it while the engine runs.
      for (const path of listFiles(dataDir)) seen(`${path} (while running)`, readFileSync(path));
      const jobs = await call('jobs.list', {});
      expect((jobs['value'] as Array<{ state: string }>).map((job) => job.state).sort()).toEqual(['done', 'failed']);
      for (const [command, input] of [
        ['library.search', {}],
        ['credits.ledger', {}],
        ['credits.exportCsv', {}],
      ] as const) {
        await call(command, input);
      }
      if (useKeychain) await call('key.clear', {});
      ws.close();
      for (const frame of frames) seen('web socket frame', frame);
      figures.socketFrames += frames.length;
    } finally {
      await server?.close();
      await core.close();
    }
    for (const path of [...listFiles(dataDir), ...listFiles(join(root, 'web-out'))]) seen(path, readFileSync(path));
    expectNoKey();
  });

  it('is not built into the renderer bundle, even when the build runs with it in the environment', async () => {
    const outDir = join(root, 'renderer-build');
    const saved = { TROVE_API_KEY: process.env['TROVE_API_KEY'], VITE_TROVE_API_KEY: process.env['VITE_TROVE_API_KEY'] };
    process.env['TROVE_API_KEY'] = KEY;
    process.env['VITE_TROVE_API_KEY'] = KEY;
    try {
      const renderer = electronViteConfig.renderer ?? {};
      await build({ ...renderer, configFile: false, logLevel: 'silent', build: { ...renderer.build, outDir, emptyOutDir: true } });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const built = listFiles(outDir);
    expect(built.some((path) => path.endsWith('.js'))).toBe(true);
    for (const path of [...built, ...listFiles(DEFAULT_STATIC_DIR)]) seen(path, readFileSync(path));
    expectNoKey();
  });
});

function expectNoKey(): void {
  const found: string[] = [];
  for (const { where, text } of corpus.splice(0)) {
    figures.filesSearched++;
    figures.bytesSearched += text.length;
    for (const [form, value] of Object.entries(FORMS)) if (text.includes(value)) found.push(`${form} in ${where}: …${around(text, value)}…`);
  }
  expect(found).toEqual([]);
  recordFigures('secret-leak', figures);
}

const around = (text: string, value: string): string => {
  const at = text.indexOf(value);
  return text.slice(Math.max(0, at - 80), at + value.length + 40).replaceAll(value, '<KEY>');
};
