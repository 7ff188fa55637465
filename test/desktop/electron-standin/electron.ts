/*
 * The stand-in's `electron` module: what src/main imports, each part in its own file.
 * Renderer-side modules (ipcRenderer, contextBridge) exist only inside the page, where
 * preload-script.ts provides them.
 */
export { app } from './app';
export { BrowserWindow } from './browser-window';
export { clipboard } from './clipboard';
export { dialog, shell } from './dialog-shell';
export { ipcMain } from './ipc-main';
export { nativeImage, nativeTheme, net } from './native';
export { Notification } from './notification';
export { protocol } from './protocol';
export { screen } from './screen';
export { session } from './session';
export { Menu, Tray } from './tray-menu';
