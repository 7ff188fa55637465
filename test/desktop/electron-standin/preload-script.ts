/*
 * The document-start script that runs a window's preload the way a sandboxed preload runs
 * in Electron 45 (docs/tutorial/sandbox.md "Preload scripts", lib/sandboxed_renderer/init.ts):
 * in the main frame only (nodeIntegrationInSubFrames is false), before any page script,
 * as one CommonJS function whose `require` knows only 'electron' (anything else throws
 * "module not found"). The 'electron' it gets has ipcRenderer and contextBridge:
 *
 * - ipcRenderer.invoke resolves with the handler's value or rejects with
 *   "Error invoking remote method '<channel>': <error>" (lib/renderer/api/ipc-renderer.ts);
 *   arguments must survive the structured clone algorithm, as in Electron.
 * - ipcRenderer.on/off/once/removeAllListeners receive webContents.send messages as
 *   (event, ...args).
 * - contextBridge.exposeInMainWorld copies the API onto window: functions are proxied,
 *   objects copied, and an existing key is refused (docs/api/context-bridge.md).
 *
 * What differs (docs/desktop.md): the preload shares the page's JavaScript world instead of
 * an isolated one. The raw channel to the main process is a CDP binding that the script
 * takes and deletes from window before the page runs, so page scripts still cannot reach
 * ipcRenderer; messages are carried as JSON.
 */

export function preloadScript(preloadSource: string, binding: string, deliver: string): string {
  return `(() => {
  const send = globalThis[${JSON.stringify(binding)}];
  delete globalThis[${JSON.stringify(binding)}];
  if (window.top !== window || typeof send !== 'function') return;
  const pending = new Map();
  const listeners = new Map();
  let nextId = 1;
  const post = (message) => send(JSON.stringify(message));
  const cloned = (args) => JSON.parse(JSON.stringify(structuredClone(args)) ?? 'null');
  Object.defineProperty(globalThis, ${JSON.stringify(deliver)}, { enumerable: false, value: (message) => {
    if (message.kind === 'reply') {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (message.error !== undefined) entry.reject(new Error("Error invoking remote method '" + entry.channel + "': " + message.error));
      else entry.resolve(message.result);
    } else if (message.kind === 'event') {
      for (const listener of [...(listeners.get(message.channel) ?? [])]) listener({ sender: ipcRenderer, senderId: 0 }, ...message.args);
    }
  } });
  const ipcRenderer = {
    invoke(channel, ...args) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { channel, resolve, reject });
        post({ kind: 'invoke', id, channel: String(channel), args: cloned(args) });
      });
    },
    send(channel, ...args) { post({ kind: 'send', channel: String(channel), args: cloned(args) }); },
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, []);
      listeners.get(channel).push(listener);
      return ipcRenderer;
    },
    once(channel, listener) {
      const wrapped = (...args) => { ipcRenderer.off(channel, wrapped); listener(...args); };
      return ipcRenderer.on(channel, wrapped);
    },
    off(channel, listener) {
      const list = listeners.get(channel) ?? [];
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
      return ipcRenderer;
    },
    removeListener(channel, listener) { return ipcRenderer.off(channel, listener); },
    removeAllListeners(channel) { if (channel === undefined) listeners.clear(); else listeners.delete(channel); return ipcRenderer; },
  };
  const copy = (value) => {
    if (typeof value === 'function') return (...args) => value(...args.map(copy));
    if (Array.isArray(value)) return value.map(copy);
    if (value && typeof value === 'object' && !(value instanceof Promise)) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)]));
    }
    return value;
  };
  const contextBridge = {
    exposeInMainWorld(key, api) {
      if (Object.prototype.hasOwnProperty.call(window, key)) throw new Error('Cannot bind an API on top of an existing property on the window object');
      Object.defineProperty(window, key, { value: copy(api), enumerable: true, configurable: false, writable: false });
    },
  };
  const electron = { ipcRenderer, contextBridge };
  const require = (name) => {
    if (name === 'electron' || name === 'electron/renderer') return electron;
    throw new Error('module not found: ' + name);
  };
  const module = { exports: {} };
  const process = { type: 'renderer', sandboxed: true, contextIsolated: true, platform: navigator.platform.toLowerCase().includes('linux') ? 'linux' : 'unknown', env: {}, versions: {} };
  try {
    (function (require, module, exports, process) {
${preloadSource}
    }).call(module.exports, require, module, module.exports, process);
  } catch (error) {
    console.error('Unable to load preload script:', error);
  }
})();`;
}
