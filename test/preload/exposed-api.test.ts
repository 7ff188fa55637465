import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commandChannel, eventChannel } from '../../src/shared/contract';
import { buildBundles } from '../built-bundles';

/*
 * Runs the BUILT preload bundle (what Electron loads) in a fresh V8 context whose only
 * module is a recording stand-in for Electron's own API, and checks what it exposes.
 */
let bundlePath = '';

interface Recorded {
  exposed: Map<string, Record<string, unknown>>;
  required: string[];
  invoked: Array<{ channel: string; input: unknown }>;
  listening: string[];
}

function runPreload(): Recorded {
  const recorded: Recorded = { exposed: new Map(), required: [], invoked: [], listening: [] };
  const electron = {
    contextBridge: {
      exposeInMainWorld: (name: string, api: Record<string, unknown>) => recorded.exposed.set(name, api),
    },
    ipcRenderer: {
      invoke: async (channel: string, input: unknown) => {
        recorded.invoked.push({ channel, input });
        return { ok: true, value: null };
      },
      on: (channel: string) => recorded.listening.push(channel),
      off: (channel: string) => recorded.listening.splice(recorded.listening.indexOf(channel), 1),
    },
  };
  const module = { exports: {} };
  const context = vm.createContext({
    module,
    exports: module.exports,
    require: (name: string) => {
      recorded.required.push(name);
      if (name !== 'electron') throw new Error(`A sandboxed preload cannot require ${name}`);
      return electron;
    },
  });
  vm.runInContext(readFileSync(bundlePath, 'utf8'), context, { filename: bundlePath });
  return recorded;
}

beforeAll(() => {
  bundlePath = path.join(buildBundles(), 'preload/index.cjs');
}, 180_000);

describe('the preload bundle', () => {
  it('exposes window.trove and nothing else', () => {
    const recorded = runPreload();
    expect([...recorded.exposed.keys()]).toEqual(['trove']);
    expect(recorded.required).toEqual(['electron']);
  });

  it('offers exactly one function per contract command plus `on`', () => {
    const api = runPreload().exposed.get('trove') ?? {};
    expect(Object.keys(api).sort()).toEqual([...COMMAND_NAMES, 'on'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(api).not.toHaveProperty('invoke');
    expect(api).not.toHaveProperty('ipcRenderer');
  });

  it('sends each command on its own contract channel', async () => {
    const recorded = runPreload();
    const api = recorded.exposed.get('trove') as Record<string, (input: unknown) => Promise<unknown>>;
    await api['jobs.list']?.({ states: ['done'] });
    expect(recorded.invoked).toEqual([{ channel: commandChannel('jobs.list'), input: { states: ['done'] } }]);
  });

  it('subscribes only to contract events, and unsubscribes', () => {
    const recorded = runPreload();
    const on = (recorded.exposed.get('trove') as { on: (name: string, listener: () => void) => () => void }).on;
    const stop = on('job.updated', () => undefined);
    expect(recorded.listening).toEqual([eventChannel('job.updated')]);
    stop();
    expect(recorded.listening).toEqual([]);
    expect(() => on('trove:command:key.set', () => undefined)).toThrow(/Unknown event/);
  });

  it('carries only the names, not the schemas: no zod, a few kilobytes', () => {
    const source = readFileSync(bundlePath, 'utf8');
    // zod's own identifiers, present in any bundle that includes it (it was 200 kB of 201).
    expect(source).not.toMatch(/ZodError|\$ZodType/);
    expect(source.length).toBeLessThan(8_000);
  });
});
