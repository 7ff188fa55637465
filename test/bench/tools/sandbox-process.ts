import { fileURLToPath } from 'node:url';
import type { SandboxStats } from '../../../src/sandbox';
import { startChild } from './node-child';

export interface SandboxProcess {
  url: string;
  keys: string[];
  stats(): Promise<SandboxStats>;
  resetStats(): Promise<void>;
  blobUrl(size: number, seed: string): Promise<string>;
  close(): Promise<void>;
}

export interface SandboxProcessOptions {
  keys: string[];
  throttleBytesPerSecond?: number;
  credits?: number;
}

const MAIN = fileURLToPath(new URL('../../../src/sandbox/main.ts', import.meta.url));

async function admin<T>(base: string, path: string, method = 'GET'): Promise<T> {
  const response = await fetch(`${base}/_sandbox/${path}`, { method });
  if (!response.ok) throw new Error(`sandbox admin ${method} ${path}: HTTP ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * The sandbox (`npm run sandbox`) in a child process, so serving media and answering the
 * API cost the engine under test no event-loop time; its admin API gives the counters.
 */
export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const args = ['--port', '0', '--credits', String(options.credits ?? 100_000_000), '--throttle', String(options.throttleBytesPerSecond ?? 0)];
  for (const key of options.keys) args.push('--key', key);
  const running = await startChild(MAIN, args, /^sandbox listening on /);
  const url = /on (\S+)/.exec(running.readyLine)?.[1];
  if (url === undefined) throw new Error(`unexpected sandbox banner: ${running.readyLine}`);
  return {
    url,
    keys: options.keys,
    stats: () => admin<SandboxStats>(url, 'stats'),
    resetStats: () => admin<void>(url, 'stats/reset', 'POST'),
    blobUrl: async (size, seed) => (await admin<{ url: string }>(url, `blob-url?size=${size}&seed=${encodeURIComponent(seed)}`)).url,
    close: () => running.stop(),
  };
}
