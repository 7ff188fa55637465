import { dialog, shell } from 'electron';
import type { BrowserWindow, OpenDialogOptions } from 'electron';
import type { DesktopActions } from '../core/commands';

/**
 * What only the desktop app can do for the renderer, given to the Core as a capability:
 * the Core checks every path (only files the library recorded) before calling these.
 */
export function desktopActions(window: () => BrowserWindow | undefined): DesktopActions {
  return {
    openPath: (path) => shell.openPath(path),
    showInFolder: (path) => shell.showItemInFolder(path),
    async pickFolder(defaultPath) {
      const options: OpenDialogOptions = { properties: ['openDirectory', 'createDirectory'], ...(defaultPath ? { defaultPath } : {}) };
      const owner = window();
      const chosen = owner && !owner.isDestroyed() ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
      return chosen.canceled ? undefined : chosen.filePaths[0];
    },
  };
}
