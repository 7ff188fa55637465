import { EventEmitter } from 'node:events';

/*
 * Electron's ipcMain (docs/api/ipc-main.md; lib/browser/ipc-main-impl.ts). Invoke replies
 * are built in web-contents.ts as lib/browser/api/web-contents.ts does.
 */

export type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

class StandinIpcMain extends EventEmitter {
  private readonly invokeHandlers = new Map<string, InvokeHandler>();

  constructor() {
    super();
    // Electron does not throw for a channel called "error" (lib/browser/ipc-main-impl.ts).
    this.on('error', () => undefined);
  }

  handle(channel: string, handler: InvokeHandler): void {
    if (this.invokeHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    if (typeof handler !== 'function') throw new TypeError(`Expected handler to be a function, but found type '${typeof handler}'`);
    this.invokeHandlers.set(channel, handler);
  }

  removeHandler(channel: string): void {
    this.invokeHandlers.delete(channel);
  }

  invokeHandler(channel: string): InvokeHandler | undefined {
    return this.invokeHandlers.get(channel);
  }
}

export const ipcMain = new StandinIpcMain();
