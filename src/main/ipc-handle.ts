import { ipcMain } from 'electron';
import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { COMMAND_NAMES, commandChannel, eventChannel } from '../shared/contract';
import type { EventName, EventPayload } from '../shared/contract';
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

function sendToWindow(current: BrowserWindow | undefined, trustedOrigin: string, name: EventName, payload: unknown): void {
  if (!current || current.isDestroyed() || originOf(current.webContents.getURL()) !== trustedOrigin) return;
  current.webContents.send(eventChannel(name), payload);
}

/** A contract event the main process itself sends to the window (only while it shows our page, like the Core's). */
export function sendEvent<N extends EventName>(window: BrowserWindow | undefined, trustedOrigin: string, name: N, payload: EventPayload<N>): void {
  sendToWindow(window, trustedOrigin, name, payload);
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
  const stopEvents = core.onAny((name, payload) => sendToWindow(window(), trustedOrigin, name, payload));
  return () => {
    stopEvents();
    for (const name of COMMAND_NAMES) ipcMain.removeHandler(commandChannel(name));
  };
}
