import { ipcMain } from 'electron';
import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { COMMAND_NAMES, commandChannel, eventChannel } from '../shared/contract';
import type { Core } from '../core/core-api';
import { originOf } from './app-origin';
import { commandHandler } from './command-handler';
import type { SenderFrame } from './trusted-sender';

function senderFrame(event: IpcMainInvokeEvent, window: BrowserWindow | undefined): SenderFrame | null {
  const frame = event.senderFrame;
  if (!frame) return null;
  return {
    url: frame.url,
    isMainFrame: frame.parent === null,
    inAppWindow: window !== undefined && !window.isDestroyed() && event.sender === window.webContents,
  };
}

/**
 * Registers every contract command (channel names derived from the contract) through the
 * one handler, and forwards every Core event to the window while it shows our page.
 * Must run before the window's first load: the renderer calls settings.get as soon as its
 * script runs, before the load event, and Electron rejects an invoke that finds no handler.
 * The window is looked up per message, so events reach it once it exists.
 * Returns the function that undoes both.
 */
export function bindIpc(core: Core, window: () => BrowserWindow | undefined, trustedOrigin: string): () => void {
  for (const name of COMMAND_NAMES) {
    const handle = commandHandler(core, name, trustedOrigin);
    ipcMain.handle(commandChannel(name), (event, input: unknown) => handle(senderFrame(event, window()), input));
  }
  const stopEvents = core.onAny((name, payload) => {
    const current = window();
    if (!current || current.isDestroyed() || originOf(current.webContents.getURL()) !== trustedOrigin) return;
    current.webContents.send(eventChannel(name), payload);
  });
  return () => {
    stopEvents();
    for (const name of COMMAND_NAMES) ipcMain.removeHandler(commandChannel(name));
  };
}
