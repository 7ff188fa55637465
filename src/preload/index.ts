import { contextBridge, ipcRenderer } from 'electron';
import { COMMAND_NAMES, commandChannel, eventChannel, isEventName } from '../shared/contract-names';
import type { EventName } from '../shared/contract-names';
import type { TroveApi } from '../shared/contract';

/*
 * window.trove: one function per contract command and one subscription per contract
 * event, built from the contract's names. No raw ipcRenderer and no generic invoke.
 * Only contract-names is imported at run time: the schemas (zod) stay in the main process,
 * which checks every input anyway.
 */
const commandFunctions = Object.fromEntries(
  COMMAND_NAMES.map((name) => [name, (input: unknown) => ipcRenderer.invoke(commandChannel(name), input)]),
);

const on = (name: EventName, listener: (payload: unknown) => void): (() => void) => {
  if (!isEventName(name)) throw new Error(`Unknown event: ${String(name)}`);
  const wrapped = (_event: unknown, payload: unknown): void => listener(payload);
  ipcRenderer.on(eventChannel(name), wrapped);
  return () => ipcRenderer.off(eventChannel(name), wrapped);
};

contextBridge.exposeInMainWorld('trove', { ...commandFunctions, on } as unknown as TroveApi);
