import { contextBridge, ipcRenderer } from 'electron';
import { COMMAND_NAMES, EVENT_NAMES, commandChannel, eventChannel, isEventName } from '../shared/contract';
import type { EventName, TroveApi } from '../shared/contract';

/*
 * window.trove: one function per contract command and one subscription per contract
 * event, built from the contract's names. No raw ipcRenderer and no generic invoke.
 */
const commandFunctions = Object.fromEntries(
  COMMAND_NAMES.map((name) => [name, (input: unknown) => ipcRenderer.invoke(commandChannel(name), input)]),
);

const on = (name: EventName, listener: (payload: unknown) => void): (() => void) => {
  if (!isEventName(name) || !EVENT_NAMES.includes(name)) throw new Error(`Unknown event: ${String(name)}`);
  const wrapped = (_event: unknown, payload: unknown): void => listener(payload);
  ipcRenderer.on(eventChannel(name), wrapped);
  return () => ipcRenderer.off(eventChannel(name), wrapped);
};

contextBridge.exposeInMainWorld('trove', { ...commandFunctions, on } as unknown as TroveApi);
