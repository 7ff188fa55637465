import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core/core-api';
import { createKeyStore } from '../../src/core/secrets/key-store';
import type { Keychain } from '../../src/core/secrets/keychain';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox, SandboxOptions } from '../../src/sandbox';
import { startWebServer } from '../../src/server/web-server';
import type { WebServer } from '../../src/server/web-server';
import { probeFile } from '../core/media/system-ffmpeg';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { isCoverPicture } from '../../src/core/media/media-info';

/*
 * The real stack of web mode, at small scale: the sandbox service, a Core on a temp data
 * dir pointed at it, the web server on a free port, and Debian's Chromium driven by
 * playwright-core with a fresh profile.
 */

const run = promisify(execFile);
export const STATIC_DIR = path.resolve('out/renderer');
export interface StackOptions {
  /** False shows the first-run onboarding (the default stack is already set up). */
  onboarded?: boolean;
  /** False starts without an API key (no TROVE_API_KEY), as a fresh install. */
  withKey?: boolean;
  /** Fills the data dir before the Core opens it (a large library). */
  seed?: (dataDir: string) => Promise<void> | void;
  /** The OS keychain the key store talks to (default: the machine's). */
  keychain?: Keychain;
}

export interface WebStack {
  sandbox: Sandbox;
  core: Core;
  server: WebServer;
  browser: Browser;
  page: Page;
  dataDir: string;
  downloadDir: string;
  close(): Promise<void>;
}

/** The tests drive the built UI: build it once when a fresh checkout has not. */
export async function ensureRendererBuilt(): Promise<void> {
  if (existsSync(path.join(STATIC_DIR, 'index.html'))) return;
  await run('npx', ['electron-vite', 'build'], { maxBuffer: 16 * 1024 * 1024 });
}

export async function startWebStack(sandboxOptions: SandboxOptions = {}, options: StackOptions = {}): Promise<WebStack> {
  await ensureRendererBuilt();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trove-e2e-'));
  const downloadDir = path.join(dataDir, 'downloads');
  await mkdir(downloadDir, { recursive: true });
  await options.seed?.(dataDir);
  const sandbox = await startSandbox({ port: 0, ...sandboxOptions });
  const { TROVE_API_KEY: _ignored, ...env } = process.env;
  const coreEnv = options.withKey === false ? env : { ...env, TROVE_API_KEY: 'sandbox-key' };
  const core = await createCore({
    dataDir,
    ...(options.keychain ? { keyStore: createKeyStore({ env: coreEnv, keychain: options.keychain }) } : {}),
    settings: { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: downloadDir, onboarded: options.onboarded ?? true },
    env: coreEnv,
    // As web mode does: sandbox mode starts a sandbox of its own on demand.
    startSandbox: async () => {
      const own = await startSandbox({ port: 0 });
      return { url: own.url, key: own.keys[0] ?? '', close: () => own.close() };
    },
  });
  const server = await startWebServer({ core, port: 0, staticDir: STATIC_DIR });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(server.url);
  return {
    sandbox,
    core,
    server,
    browser,
    page,
    dataDir,
    downloadDir,
    async close() {
      await browser.close();
      await server.close();
      await core.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One stack for a test file: started before its tests, closed after them. */
export function useWebStack(sandboxOptions: SandboxOptions = {}, options: StackOptions = {}): () => WebStack {
  let stack: WebStack | undefined;
  beforeAll(async () => {
    stack = await startWebStack(sandboxOptions, options);
  });
  afterAll(async () => {
    await stack?.close();
  });
  return () => {
    if (!stack) throw new Error('The web stack did not start.');
    return stack;
  };
}

/** Saves a screenshot as a test artifact under test-results/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir('test-results', { recursive: true });
  await page.screenshot({ path: path.join('test-results', `${name}.png`), fullPage: false });
}

/** The same screen in the light and the dark theme (the default theme follows the system's). */
export async function screenshotThemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await screenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Opens a screen by its address, as a bookmark or the nav would. */
export async function openScreen(page: Page, hash: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/${hash}`);
}

/** Pastes links into the Grab box the way a user would (the paste previews at once). */
export async function grab(page: Page, links: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/#/grab`);
  const box = page.getByLabel('Links to posts, profiles or playlists');
  await box.fill(links);
  await box.press('Enter');
}

/** The types of the tracks in a file, as ffmpeg reads it: e.g. ['video', 'audio'] (its cover picture is no track). */
export async function streamTypes(file: string): Promise<string[]> {
  return (await probeFile(file)).streams.filter((stream) => !isCoverPicture(stream)).map((stream) => stream.type);
}
