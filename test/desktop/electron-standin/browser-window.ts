import { EventEmitter } from 'node:events';
import { app } from './app';
import { controlChannel } from './control-channel';
import type { WindowInfo } from './control-protocol';
import { preventableEvent } from './electron-event';
import { record } from './recorder';
import { primaryDisplay } from './screen';
import { setPermissionTarget } from './session';
import { WebContents } from './web-contents';

/*
 * Electron's BrowserWindow (docs/api/browser-window.md; lib/browser/api/browser-window.ts).
 * The window is a Chromium page; its content size is the page's viewport. Headless
 * Chromium has no window manager, so visibility, focus, minimize and maximize are states
 * this class keeps and reports; the page itself always renders.
 */

interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface WindowOptions {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  center?: boolean;
  show?: boolean;
  title?: string;
  webPreferences?: { preload?: string };
}

let nextWindowId = 1;
const windows = new Map<number, BrowserWindow>();

export class BrowserWindow extends EventEmitter {
  readonly id = nextWindowId++;
  readonly webContents: WebContents;
  private bounds: Rectangle;
  private normalBounds: Rectangle;
  private visible: boolean;
  private focused = false;
  private minimized = false;
  private maximized = false;
  private destroyed = false;
  private shownOnce = false;
  private progress: number | undefined;

  /** Every event the window emits is recorded (`window.<event>`), so tests can read their order. */
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    record(`window.${String(event)}`, this.id);
    return super.emit(event, ...args);
  }

  static getAllWindows(): BrowserWindow[] {
    return [...windows.values()];
  }

  constructor(options: WindowOptions = {}) {
    super();
    // Electron: "Cannot create BrowserWindow before app is ready" (shell/browser/api/electron_api_base_window.cc).
    if (!app.isReady()) throw new Error('Cannot create BrowserWindow before app is ready');
    const area = primaryDisplay().workArea;
    const width = options.width ?? 800;
    const height = options.height ?? 600;
    const centred = { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2) };
    this.bounds = { x: options.x ?? centred.x, y: options.y ?? centred.y, width, height };
    this.normalBounds = { ...this.bounds };
    this.visible = options.show !== false;
    this.webContents = new WebContents(options.webPreferences?.preload, { width, height });
    windows.set(this.id, this);
    app.windows.add(this);
    setPermissionTarget(() => {
      const first = [...windows.values()][0];
      return first ? { contents: first.webContents, url: first.webContents.getURL() } : undefined;
    });
    // ready-to-show: the first paint of a window created hidden (docs/api/browser-window.md
    // "Using the ready-to-show event"); at the latest with did-finish-load.
    const readyToShow = (): void => {
      this.webContents.off('-first-paint', readyToShow);
      this.webContents.off('did-finish-load', readyToShow);
      if (!this.shownOnce && !this.destroyed) this.emit('ready-to-show');
    };
    this.webContents.on('-first-paint', readyToShow);
    this.webContents.on('did-finish-load', readyToShow);
    if (this.visible) this.show();
  }

  show(): void {
    this.shownOnce = true;
    this.visible = true;
    this.minimized = false;
    this.focus();
    this.emit('show');
  }

  hide(): void {
    if (!this.visible) return;
    this.visible = false;
    this.focused = false;
    this.emit('hide');
  }

  focus(): void {
    for (const other of windows.values()) if (other !== this) other.focused = false;
    this.focused = true;
    void this.webContents.attached.then(() => this.webContents.page?.bringToFront()).catch(() => undefined);
    this.emit('focus');
  }

  isVisible(): boolean {
    return this.visible && !this.minimized;
  }

  isFocused(): boolean {
    return this.focused;
  }

  minimize(): void {
    this.minimized = true;
    this.focused = false;
    this.emit('minimize');
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  restore(): void {
    if (!this.minimized) return;
    this.minimized = false;
    this.visible = true;
    this.emit('restore');
  }

  maximize(): void {
    if (this.maximized) return;
    this.normalBounds = { ...this.bounds };
    this.maximized = true;
    this.applyBounds(primaryDisplay().workArea);
    // "This will also show (but not focus) the window if it isn't being displayed already"
    // (docs "win.maximize()"): shown before its first paint, it never gets ready-to-show.
    if (!this.visible) {
      this.shownOnce = true;
      this.visible = true;
      this.emit('show');
    }
    this.emit('maximize');
  }

  unmaximize(): void {
    if (!this.maximized) return;
    this.maximized = false;
    this.applyBounds(this.normalBounds);
    this.emit('unmaximize');
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  getBounds(): Rectangle {
    return { ...this.bounds };
  }

  /** The bounds the window returns to from maximized or minimized (docs "win.getNormalBounds()"). */
  getNormalBounds(): Rectangle {
    return this.maximized ? { ...this.normalBounds } : { ...this.bounds };
  }

  setBounds(bounds: Partial<Rectangle>): void {
    this.applyBounds({ ...this.bounds, ...bounds });
    if (!this.maximized) this.normalBounds = { ...this.bounds };
    this.emit('resize');
  }

  private applyBounds(bounds: Rectangle): void {
    this.bounds = { ...bounds };
    const size = { width: bounds.width, height: bounds.height };
    void this.webContents.attached.then(() => this.webContents.page?.setViewportSize(size)).catch(() => undefined);
  }

  setProgressBar(progress: number): void {
    // A negative value removes the bar (docs "win.setProgressBar").
    this.progress = progress < 0 ? undefined : progress;
    record('window.setProgressBar', progress);
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  /** 'close' may be prevented; otherwise the window is destroyed (docs "Event: 'close'"). */
  close(): void {
    if (this.destroyed) return;
    const event = preventableEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroy();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    windows.delete(this.id);
    app.windows.delete(this);
    void this.webContents.destroy().finally(() => {
      this.emit('closed');
      app.lastWindowClosed();
    });
  }

  info(): WindowInfo {
    return {
      id: this.id,
      url: this.webContents.getURL(),
      chromiumUrl: this.webContents.page?.url() ?? '',
      visible: this.isVisible(),
      focused: this.focused,
      maximized: this.maximized,
      minimized: this.minimized,
      destroyed: this.destroyed,
      bounds: this.getBounds(),
      ...(this.progress !== undefined ? { progress: this.progress } : {}),
    };
  }
}

controlChannel.on('windows', () => BrowserWindow.getAllWindows().map((window) => window.info()));

controlChannel.on('screenshot', async ({ windowId, path }) => {
  const window = windowId === undefined ? BrowserWindow.getAllWindows()[0] : windows.get(windowId);
  if (!window) throw new Error('No such window');
  await window.webContents.attached;
  await window.webContents.page?.screenshot({ path });
  return path;
});

/** The user closing the window (its title bar's close button). */
controlChannel.on('window.close', ({ windowId }) => {
  const window = windowId === undefined ? BrowserWindow.getAllWindows()[0] : windows.get(windowId);
  if (!window) throw new Error('No such window');
  window.close();
  return window.info();
});
