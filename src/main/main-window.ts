import { BrowserWindow, screen, shell } from 'electron';
import { isSafeExternalUrl } from './external-url';
import { initialBounds } from './window-bounds';
import { WINDOW_SIZE, windowOptions } from './window-options';
import { revealWhenReady } from './window-reveal';
import { readWindowState, writeWindowState } from './window-state-file';

export interface MainWindowOptions {
  preloadPath: string;
  stateFile: string;
}

/** Links leave the app only to the system browser, and only when they are plain http(s). */
function openOutside(url: string): void {
  if (isSafeExternalUrl(url)) void shell.openExternal(url);
}

/**
 * The one window: reopened where it was (clamped to the screens there are now), never
 * navigating away from the app, never opening another window.
 */
export async function createMainWindow(options: MainWindowOptions): Promise<BrowserWindow> {
  const saved = await readWindowState(options.stateFile);
  const bounds = initialBounds(saved, screen.getAllDisplays().map((display) => display.workArea), WINDOW_SIZE);
  const window = new BrowserWindow(windowOptions(options.preloadPath, bounds));
  revealWhenReady(window, bounds.maximized);

  const contents = window.webContents;
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    openOutside(event.url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });

  window.on('close', () => {
    const { x, y, width, height } = window.getNormalBounds();
    void writeWindowState(options.stateFile, { x, y, width, height, maximized: window.isMaximized() }).catch(() => undefined);
  });
  // The caller loads the page once IPC is bound (see bindIpc).
  return window;
}
