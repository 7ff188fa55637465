import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { controlNoticeSchema, controlReplySchema } from './electron-standin/control-protocol';
import type { ControlRequest, NotificationInfo, WindowInfo } from './electron-standin/control-protocol';
import type { RecordedCall } from './electron-standin/recorder';

/*
 * Starts the real, built main process (out/main/index.js, with out/preload/index.cjs in its
 * window) under Node with the Electron stand-in, in a fresh home and user-data folder,
 * and drives its window with a second playwright client over the DevTools port.
 */

export const MAIN_SCRIPT = path.resolve('out/main/index.js');
const REGISTER = path.resolve('test/desktop/electron-standin/register.ts');
const STARTUP_TIMEOUT_MS = 20_000;
export const SCREENSHOT_DIR = path.resolve('test-results/desktop');

export interface DesktopFolders {
  home: string;
  /** $XDG_CONFIG_HOME: userData is <configHome>/trove, as Electron puts it on Linux. */
  configHome: string;
  userData: string;
  downloads: string;
}

export async function freshFolders(): Promise<DesktopFolders> {
  const root = await mkdtemp(path.join(tmpdir(), 'trove-desktop-'));
  const folders = {
    home: path.join(root, 'home'),
    configHome: path.join(root, 'config'),
    userData: path.join(root, 'config', 'trove'),
    downloads: path.join(root, 'home', 'Downloads', 'Trove'),
  };
  await mkdir(folders.userData, { recursive: true });
  await mkdir(folders.home, { recursive: true });
  return folders;
}

/** Settings as the app keeps them, written before it starts (a returning user). */
export async function writeSettings(folders: DesktopFolders, settings: Record<string, unknown>): Promise<void> {
  await writeFile(path.join(folders.userData, 'settings.json'), JSON.stringify(settings));
}

export interface LaunchOptions {
  folders: DesktopFolders;
  env?: Record<string, string>;
  /** Another main script (e.g. one that throws at start-up). */
  mainScript?: string;
  /** What shows that the window is ready; by default the app's shell or its first-run screen. */
  readyWhen?: string;
  /** Command-line arguments after the main script, as the OS passes a trove:// link. */
  args?: string[];
}

export interface DesktopApp {
  folders: DesktopFolders;
  child: ChildProcess;
  page: Page;
  output(): string;
  control<T = unknown>(request: ControlRequest): Promise<T>;
  windows(): Promise<WindowInfo[]>;
  notifications(): Promise<NotificationInfo[]>;
  records(prefix?: string): Promise<RecordedCall[]>;
  screenshot(name: string): Promise<void>;
  exited: Promise<number | null>;
  /** Quit as the user does (the tray's Quit) and wait for the process to end; throws like kill. */
  quit(): Promise<number | null>;
  /** Ends the app (app.exit); throws when the main process had an uncaught exception. */
  kill(): Promise<void>;
}

interface Started {
  child: ChildProcess;
  /** Exceptions the main process did not catch (Electron would show an error dialog). */
  uncaught: string[];
  exited: Promise<number | null>;
  output: () => string;
  cdpEndpoint: Promise<string>;
  control: <T>(request: ControlRequest) => Promise<T>;
}

/** Spawns the main process; nothing waited for yet. */
export function spawnMain(options: LaunchOptions): Started {
  const { folders } = options;
  const { TROVE_API_KEY: _key, ELECTRON_RENDERER_URL: _dev, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', REGISTER, '--expose-gc', options.mainScript ?? MAIN_SCRIPT, ...(options.args ?? [])], {
    env: {
      ...inherited,
      HOME: folders.home,
      XDG_CONFIG_HOME: folders.configHome,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const uncaught: string[] = [];
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let resolveEndpoint: (endpoint: string) => void = () => undefined;
  let rejectEndpoint: (error: Error) => void = () => undefined;
  const cdpEndpoint = new Promise<string>((resolve, reject) => {
    resolveEndpoint = resolve;
    rejectEndpoint = reject;
  });
  child.on('message', (message: unknown) => {
    const reply = controlReplySchema.safeParse(message);
    if (reply.success) {
      const entry = waiting.get(reply.data.id);
      waiting.delete(reply.data.id);
      if (reply.data.ok) entry?.resolve(reply.data.value);
      else entry?.reject(new Error(reply.data.error));
      return;
    }
    const notice = controlNoticeSchema.safeParse(message);
    if (!notice.success) return;
    if (notice.data.type === 'ready') resolveEndpoint(notice.data.cdpEndpoint);
    // An exception the main process did not catch fails the start: Electron would show an error dialog.
    if (notice.data.type === 'uncaught') {
      uncaught.push(notice.data.message);
      rejectEndpoint(new Error(`The main process threw: ${notice.data.message}`));
    }
  });
  // A second instance never gets ready: its caller waits for the exit instead.
  cdpEndpoint.catch(() => undefined);
  void exited.then((code) => {
    rejectEndpoint(new Error(`The main process ended (exit code ${code}) before it was ready:\n${text}`));
    for (const entry of waiting.values()) entry.reject(new Error('The main process ended'));
  });
  const control = <T>(request: ControlRequest): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, request });
    });
  return { child, uncaught, exited, output: () => text, cdpEndpoint, control };
}

const timeout = (ms: number, what: () => string): Promise<never> =>
  new Promise((_resolve, reject) => setTimeout(() => reject(new Error(what())), ms).unref());

/** Starts the app and waits until its window has rendered the app (not "Connecting to Trove…"). */
export async function launchDesktop(options: LaunchOptions): Promise<DesktopApp> {
  const started = spawnMain(options);
  let browser: Browser | undefined;
  const ready = async (): Promise<Page> => {
    browser = await chromium.connectOverCDP(await started.cdpEndpoint);
    const context = browser.contexts()[0];
    if (!context) throw new Error('No browser context');
    const isApp = (page: Page): boolean => page.url().startsWith('http://app.trove-app.localhost/');
    // The window's page exists before it navigates to the app: look until one shows it.
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    let page = context.pages().find(isApp);
    while (!page) {
      if (Date.now() > deadline) throw new Error('The main process opened no window with the app');
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = context.pages().find(isApp);
    }
    // The app has started when its shell or the first-run screen is on screen.
    const shell = page.locator(options.readyWhen ?? '#root .app-main, #root .onboarding-option').first();
    await shell.waitFor({ timeout: STARTUP_TIMEOUT_MS }).catch(async (error: unknown) => {
      const shown = await page.locator('#root').innerText().catch(() => '(unreadable)');
      throw new Error(`The window shows "${shown}" instead of the app`, { cause: error });
    });
    return page;
  };
  let page: Page;
  try {
    page = await Promise.race([ready(), started.exited.then((code): never => {
        throw new Error(`The main process ended (exit code ${code}) before its window showed the app`);
      }), timeout(2 * STARTUP_TIMEOUT_MS, () => `The app did not start:\n${started.output()}`)]);
  } catch (error) {
    started.child.kill('SIGKILL');
    await browser?.close().catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- main process output ---\n${started.output()}`, { cause: error });
  }
  const app: DesktopApp = {
    folders: options.folders,
    child: started.child,
    page,
    output: started.output,
    control: started.control,
    exited: started.exited,
    windows: () => started.control<WindowInfo[]>({ type: 'windows' }),
    notifications: () => started.control<NotificationInfo[]>({ type: 'notifications' }),
    records: (prefix) => started.control<RecordedCall[]>({ type: 'records', ...(prefix ? { prefix } : {}) }),
    async screenshot(name) {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await started.control({ type: 'screenshot', path: path.join(SCREENSHOT_DIR, `${name}.png`) });
    },
    async quit() {
      await browser?.close().catch(() => undefined);
      await started.control({ type: 'menu.click', label: 'Quit Trove' });
      const code = await started.exited;
      if (started.uncaught.length > 0) throw new Error(`The main process threw:\n${started.uncaught.join('\n')}`);
      return code;
    },
    async kill() {
      await browser?.close().catch(() => undefined);
      if (started.child.exitCode === null && started.child.signalCode === null) {
        // app.exit closes Chromium before the process ends; SIGKILL only if that hangs.
        await Promise.race([started.control({ type: 'exit', code: 0 }).then(() => started.exited), timeout(10_000, () => 'exit timed out')]).catch(() => {
          started.child.kill('SIGKILL');
        });
        await started.exited;
      }
      if (started.uncaught.length > 0) throw new Error(`The main process threw:\n${started.uncaught.join('\n')}`);
    },
  };
  return app;
}
