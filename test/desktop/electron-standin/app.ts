import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { findAppPackage, defaultPaths } from './app-paths';
import { launchChromium } from './chromium-host';
import type { ChromiumHost } from './chromium-host';
import { controlChannel } from './control-channel';
import { preventableEvent } from './electron-event';
import { record } from './recorder';
import { acquireInstanceLock, notifyFirstInstance } from './single-instance';
import type { InstanceLock } from './single-instance';

/*
 * Electron's `app` (docs/api/app.md; lib/browser/api/app.ts, shell/browser/browser.cc).
 * 'ready' comes after the main script has run synchronously and Chromium is up, never
 * before: that is when registerSchemesAsPrivileged stops being allowed.
 */

interface ClosableWindow {
  close(): void;
  isDestroyed(): boolean;
  once(event: 'closed', listener: () => void): unknown;
}

/**
 * Unpackaged, as `electron .` runs: isPackaged false (docs/api/app.md "app.isPackaged").
 * TROVE_STANDIN_PACKAGED=1 plays a packaged app for what isPackaged decides: isPackaged true
 * and process.resourcesPath at the repository's resources/ (electron-builder.yml copies
 * the tray icons there under the same names). It packages nothing: no asar, no fuses.
 */
const packaged = process.env['TROVE_STANDIN_PACKAGED'] === '1';

class StandinApp extends EventEmitter {
  readonly isPackaged = packaged;
  private readonly pkg = findAppPackage(process.argv[1] ?? process.cwd());
  private readonly paths = defaultPaths(this.pkg.name);
  private ready = false;
  private quitting = false;
  private lock: InstanceLock | undefined;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly readyPromise: Promise<void>;
  private host: ChromiumHost | undefined;
  /** Filled by BrowserWindow: quitting closes every window first. */
  readonly windows = new Set<ClosableWindow>();

  constructor() {
    super();
    if (packaged) Object.assign(process, { resourcesPath: path.join(this.pkg.appPath, 'resources') });
    this.readyPromise = new Promise((resolve) => this.once('ready', () => resolve()));
    // Electron logs an uncaught exception and an unhandled rejection in the main process
    // instead of ending it (docs/api/process.md, lib/browser/init.ts); the test is told too.
    process.on('uncaughtException', (error) => {
      console.error('Uncaught exception in the main process:', error);
      controlChannel.notify({ type: 'uncaught', message: String(error instanceof Error ? (error.stack ?? error.message) : error) });
    });
    process.on('unhandledRejection', (reason) => {
      console.error('Unhandled promise rejection in the main process:', reason);
    });
    setImmediate(() => void this.start());
  }

  private async start(): Promise<void> {
    if (this.quitting) return;
    try {
      mkdirSync(this.getPath('userData'), { recursive: true });
      this.host = await launchChromium(this.getPath('userData'));
    } catch (error) {
      console.error('The stand-in could not start Chromium:', error);
      process.exit(1);
    }
    this.ready = true;
    this.emit('will-finish-launching');
    this.emit('ready', preventableEvent(), {});
    controlChannel.notify({ type: 'ready', cdpEndpoint: this.host.cdpEndpoint });
  }

  chromium(): ChromiumHost {
    if (!this.host) throw new Error('BrowserWindow cannot be created before the app is ready');
    return this.host;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  isReady(): boolean {
    return this.ready;
  }

  getName(): string {
    return this.pkg.name;
  }

  getVersion(): string {
    return this.pkg.version;
  }

  getPath(name: string): string {
    const value = this.paths.get(name);
    // Electron throws for an unknown name (shell/browser/api/electron_api_app.cc GetPath).
    if (value === undefined) throw new Error(`Failed to get '${name}' path`);
    return value;
  }

  setAppUserModelId(id: string): void {
    record('app.setAppUserModelId', id);
  }

  /** Registers nothing with the OS: the call is recorded (docs/api/app.md "app.setAsDefaultProtocolClient"). */
  setAsDefaultProtocolClient(protocol: string, executable?: string, args?: string[]): boolean {
    record('app.setAsDefaultProtocolClient', protocol, ...(executable === undefined ? [] : [executable, args ?? []]));
    return true;
  }

  requestSingleInstanceLock(additionalData: unknown = {}): boolean {
    const userData = this.getPath('userData');
    mkdirSync(userData, { recursive: true });
    this.lock = acquireInstanceLock(userData, ({ argv, cwd, additionalData: data }) => {
      this.emit('second-instance', preventableEvent(), argv, cwd, data);
    });
    if (this.lock) return true;
    this.track(notifyFirstInstance(userData, { argv: process.argv, cwd: process.cwd(), additionalData }));
    return false;
  }

  releaseSingleInstanceLock(): void {
    this.lock?.release();
    this.lock = undefined;
  }

  /** before-quit, then every window's close (either may cancel), will-quit, quit, exit. */
  quit(): void {
    if (this.quitting) return;
    const beforeQuit = preventableEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    this.quitting = true;
    void this.closeWindowsThenQuit();
  }

  private async closeWindowsThenQuit(): Promise<void> {
    for (const window of [...this.windows]) {
      if (window.isDestroyed()) continue;
      const closed = new Promise<void>((resolve) => window.once('closed', resolve));
      window.close();
      if (!window.isDestroyed()) {
        // A window that prevented its close cancels the quit (docs/api/app.md 'before-quit').
        this.quitting = false;
        return;
      }
      await closed;
    }
    const willQuit = preventableEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.emit('quit', preventableEvent(), 0);
    await this.shutdown(0);
  }

  /** Ends at once: no before-quit or will-quit (docs/api/app.md "app.exit"). */
  exit(code = 0): void {
    this.quitting = true;
    void this.shutdown(code);
  }

  /** Called by BrowserWindow when one closed (docs/api/app.md 'window-all-closed'). */
  lastWindowClosed(): void {
    if (this.quitting || this.windows.size > 0) return;
    // Without a listener Electron quits when the last window closed.
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed');
    else this.quit();
  }

  /** Keeps the process until a message to the first instance has gone out. */
  private track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async shutdown(code: number): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.releaseSingleInstanceLock();
    await this.host?.context.close().catch(() => undefined);
    controlChannel.notify({ type: 'exit', code });
    process.exit(code);
  }
}

export const app = new StandinApp();

controlChannel.on('quit', () => {
  app.quit();
  return true;
});

/** Ends the app the way app.exit does: no quit events, the browser closed with it. */
controlChannel.on('exit', ({ code }) => {
  app.exit(code);
  return true;
});

