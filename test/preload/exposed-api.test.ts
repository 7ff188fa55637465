import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commandChannel, eventChannel } from '../../src/shared/contract';

/*
 * Runs the BUILT preload bundle (what Electron loads) in a fresh V8 context whose only
 * module is a recording stand-in for Electron's own API, and checks what it exposes.
 */
const bundlePath = path.resolve('out/preload/index.cjs');

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

/** The bundle is older than the files it is built from: a checkout changed since the last build. */
const isStale = (): boolean => {
  const built = statSync(bundlePath).mtimeMs;
  return ['src/preload/index.ts', 'src/shared/contract.ts'].some((source) => statSync(source).mtimeMs > built);
};

beforeAll(() => {
  // CI builds before testing; a bare `npm test` on a fresh clone (or after a change) builds here.
  if (!existsSync(bundlePath) || isStale()) execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
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
});
