import { homedir } from 'node:os';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
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
  /**
   * Start in sandbox mode: the built-in sandbox is the service for this run (sample media, no
   * real key). 'without-key' does so only when no API key is stored or in TROVE_API_KEY, so a
   * first run works and a user with a key gets the real service (npm start).
   */
  sandbox?: boolean | 'without-key';
  staticDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface WebMode {
  server: WebServer;
  core: Core;
  sandbox?: Sandbox;
  close(): Promise<void>;
}

/** Where web mode listens unless told otherwise (npm run serve, trove serve, npm start). */
export const DEFAULT_WEB_PORT = 8788;

/** The built renderer next to this checkout (npm run build writes it). */
export const DEFAULT_STATIC_DIR = path.resolve(import.meta.dirname, '../../out/renderer');

/** A keychain that cannot be read counts as no key: the sandbox still gives a working first run. */
async function hasKey(core: Core): Promise<boolean> {
  const status = await core.call('key.status', {});
  return status.ok && status.value.isSet;
}

/** Starts the Core (and optionally sandbox mode) and serves them: `npm run serve` / `trove serve`. */
export async function startWebMode(options: WebModeOptions): Promise<WebMode> {
  // Named here so the media route serves the folder the Core downloads into.
  const defaultDownloadFolder = path.join(homedir(), 'Downloads', 'Trove');
  // The sandbox starts only when sandbox mode is turned on (--sandbox, or from the first-run screen).
  let sandbox: Sandbox | undefined;
  const core = await createCore({
    dataDir: options.dataDir,
    defaultDownloadFolder,
    version: packageJson.version,
    face: 'web',
    // Subscriptions run on their schedule while web mode is up.
    scheduleSubscriptions: {},
    ...(options.env ? { env: options.env } : {}),
    startSandbox: async () => {
      const started = await startSandbox({ port: 0 });
      sandbox = started;
      return { url: started.url, key: started.keys[0] ?? '', close: () => started.close() };
    },
  });
  if (options.sandbox === true || (options.sandbox === 'without-key' && !(await hasKey(core)))) {
    const started = await core.call('app.sandbox', { enabled: true });
    if (!started.ok) {
      await core.close();
      throw new Error(started.error.message);
    }
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
    throw error;
  }
  return {
    server,
    core,
    ...(sandbox ? { sandbox } : {}),
    async close() {
      await server.close();
      // Closing the Core also stops the sandbox it runs.
      await core.close();
    },
  };
}
