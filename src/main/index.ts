import { join } from 'node:path';
import { app, BrowserWindow, shell } from 'electron';
import { windowOptions } from './window-options';

function createWindow(): void {
  const window = new BrowserWindow(windowOptions(join(import.meta.dirname, '../preload/index.cjs')));
  window.once('ready-to-show', () => window.show());
  // Nothing navigates away from the app, and no new windows: links go to the browser.
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  const devServer = process.env['ELECTRON_RENDERER_URL'];
  if (devServer) void window.loadURL(devServer);
  else void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
}

if (!app.requestSingleInstanceLock()) app.quit();
else {
  void app.whenReady().then(createWindow);
  app.on('window-all-closed', () => app.quit());
}
