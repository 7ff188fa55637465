import { homedir } from 'node:os';
import path from 'node:path';
import { createCore } from '../core';
import type { Core } from '../core/core-api';
import { startSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox';
import { startWebServer } from './web-server';
import type { WebServer } from './web-server';

export interface WebModeOptions {
  port: number;
  host?: string;
  dataDir: string;
  /** Start a local sandbox and point the settings at it (sample media, no real key). */
  sandbox?: boolean;
  staticDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface WebMode {
  server: WebServer;
  core: Core;
  sandbox?: Sandbox;
  close(): Promise<void>;
}

/** The built renderer next to this checkout (npm run build writes it). */
export const DEFAULT_STATIC_DIR = path.resolve(import.meta.dirname, '../../out/renderer');

/** The key the sandbox accepts by default; it only ever unlocks the local emulator. */
const SANDBOX_KEY = 'sandbox-key';

/** Starts the Core (and optionally a sandbox) and serves them: `npm run serve` / `trove serve`. */
export async function startWebMode(options: WebModeOptions): Promise<WebMode> {
  // Named here so the media route serves the folder the Core downloads into.
  const defaultDownloadFolder = path.join(homedir(), 'Downloads', 'Trove');
  const sandbox = options.sandbox ? await startSandbox({ port: 0 }) : undefined;
  const env = sandbox ? { ...(options.env ?? process.env), TROVE_API_KEY: SANDBOX_KEY } : options.env;
  let core: Core;
  try {
    core = await createCore({
      dataDir: options.dataDir,
      defaultDownloadFolder,
      ...(sandbox ? { settings: { serviceUrl: sandbox.url, apiVersion: 'v1' } } : {}),
      ...(env ? { env } : {}),
    });
  } catch (error) {
    await sandbox?.close();
    throw error;
  }
  let server: WebServer;
  try {
    server = await startWebServer({
      core,
      port: options.port,
      ...(options.host === undefined ? {} : { host: options.host }),
      staticDir: options.staticDir ?? DEFAULT_STATIC_DIR,
      defaultDownloadFolder,
    });
  } catch (error) {
    await core.close();
    await sandbox?.close();
    throw error;
  }
  return {
    server,
    core,
    ...(sandbox ? { sandbox } : {}),
    async close() {
      await server.close();
      await core.close();
      await sandbox?.close();
    },
  };
}
