import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tryLockFile } from '../../src/core/fs/os-file-lock';
import { startEntryPoint } from '../cli/main/run-trove';
import type { TroveProcess } from '../cli/main/run-trove';

/*
 * `npm start` (src/start/main.ts) run for real as a child process, where Electron cannot
 * start: it must say why in one line, serve the UI in web mode against the built-in
 * sandbox, and stop cleanly on Ctrl-C. ELECTRON_OVERRIDE_DIST_PATH (the electron package's
 * own variable) points at an empty folder, so the binary is missing on every machine.
 */

const ADDRESS = /^ {4}(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m;

/** Starts it with a fresh data folder and waits for the address it prints. */
async function start(env: Record<string, string | undefined>): Promise<{ run: TroveProcess; dataDir: string; address: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'trove-start-'));
  const run = startEntryPoint('src/start/main.ts', [], { env: { CI: undefined, TROVE_DATA_DIR: dataDir, ...env } });
  const line = await run.waitForLine((text) => ADDRESS.test(text));
  return { run, dataDir, address: ADDRESS.exec(line)![1]! };
}

/** The printed address as a browser opens it: the token becomes a cookie, then the page. */
async function loadPage(address: string): Promise<string> {
  const entry = await fetch(address!, { redirect: 'manual' });
  const cookie = entry.headers.get('set-cookie')?.split(';')[0];
  expect(cookie).toBeDefined();
  const page = await fetch(new URL(entry.headers.get('location') ?? '/', address), { headers: { cookie: cookie! } });
  expect(page.status).toBe(200);
  return page.text();
}

async function interrupt(run: TroveProcess): Promise<Awaited<TroveProcess['done']>> {
  run.child.kill('SIGINT');
  return run.done;
}

describe('npm start where Electron cannot start', () => {
  it('says why in one line, serves the UI with the sandbox, and exits 0 on Ctrl-C with the database closed', async () => {
    const emptyDist = await mkdtemp(join(tmpdir(), 'no-electron-'));
    const { run, dataDir, address } = await start({ DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: emptyDist, TROVE_API_KEY: undefined });
    const html = await loadPage(address);
    expect(html).toContain('<div id="root">');

    const result = await interrupt(run);
    expect(result.code, result.stderr).toBe(0);
    const why = result.stdout.split('\n').filter((line) => line.startsWith('The desktop app cannot start here'));
    expect(why).toEqual([`The desktop app cannot start here: its binary is missing (${join(emptyDist, 'electron')}). Starting web mode instead.`]);
    expect(result.stdout).toContain('Using the built-in sandbox at http://127.0.0.1:');
    expect(result.stdout).toContain('Stopping: running downloads are paused');
    // Closed, not killed: the queue lock is given back and SQLite folded its WAL into the database.
    const queueLock = tryLockFile(join(dataDir, 'queue-lock.db'));
    expect(queueLock.ok).toBe(true);
    if (queueLock.ok) queueLock.lock.release();
    expect(existsSync(join(dataDir, 'trove.db-wal'))).toBe(false);
    expect(existsSync(join(dataDir, 'trove.db'))).toBe(true);
  });

  it.runIf(process.platform === 'linux')('names a missing display on Linux, and uses TROVE_API_KEY instead of the sandbox', async () => {
    const { run, address } = await start({ DISPLAY: undefined, WAYLAND_DISPLAY: undefined, TROVE_API_KEY: 'a-real-key' });
    await loadPage(address);
    const result = await interrupt(run);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('The desktop app cannot start here: there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set). Starting web mode instead.');
    expect(result.stdout).not.toContain('built-in sandbox');
  });
});

describe('npm start where Electron can start', () => {
  it.runIf(process.platform !== 'win32')('runs the built app in the Electron it checked, and ends with it', async () => {
    // A stand-in binary: it passes the check (run as Node) and, started as the app, says so.
    const dist = await mkdtemp(join(tmpdir(), 'electron-standin-'));
    writeFileSync(join(dist, 'electron'), '#!/bin/sh\n[ "$ELECTRON_RUN_AS_NODE" = 1 ] && exit 0\necho "stand-in electron started in $PWD with: $*"\nexit 0\n');
    chmodSync(join(dist, 'electron'), 0o755);
    const dataDir = await mkdtemp(join(tmpdir(), 'trove-start-'));
    const run = startEntryPoint('src/start/main.ts', [], { env: { CI: undefined, DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: dist, TROVE_DATA_DIR: dataDir } });
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`stand-in electron started in ${process.cwd()} with: .`);
    expect(result.stdout).not.toContain('web mode');
  });
});
