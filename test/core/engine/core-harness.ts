import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core, CoreOptions } from '../../../src/core';
import { createCore } from '../../../src/core';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox, SandboxOptions } from '../../../src/sandbox';
import { isCoverPicture } from '../../../src/core/media/media-info';
import { probeFile } from '../media/system-ffmpeg';

export interface Harness {
  sandbox: Sandbox;
  dataDir: string;
  downloads: string;
  core: Core;
  /** A new Core on the same data directory (a restart). */
  restart(overrides?: Partial<CoreOptions>): Promise<Core>;
  close(): Promise<void>;
}

/**
 * A real Core on a temp data directory, talking over HTTP to a real sandbox, with real
 * SQLite and real ffmpeg. The key comes from TROVE_API_KEY so no keychain is touched.
 */
export async function startHarness(
  options: { sandbox?: SandboxOptions; core?: Partial<CoreOptions>; apiVersion?: 'v1' | 'legacy' } = {},
): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, ...options.sandbox });
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-core-'));
  const downloads = join(dataDir, 'downloads');
  const cores: Core[] = [];
  const make = async (overrides: Partial<CoreOptions> = {}): Promise<Core> => {
    const core = await createCore({
      dataDir,
      env: { TROVE_API_KEY: sandbox.keys[0] as string, PATH: process.env['PATH'] ?? '' },
      settings: { serviceUrl: sandbox.url, apiVersion: options.apiVersion ?? 'v1', downloadFolder: downloads, concurrency: 4 },
      balanceDebounceMs: 50,
      retryDelaysMs: [],
      ...options.core,
      ...overrides,
    });
    cores.push(core);
    return core;
  };
  const core = await make();
  return {
    sandbox,
    dataDir,
    downloads,
    core,
    restart: make,
    async close() {
      for (const open of cores) await open.close();
      await sandbox.close();
    },
  };
}

export interface StreamInfo {
  video: string[];
  audio: string[];
  subtitle: string[];
}

/** The codec names per stream type in a file, as ffmpeg reads it. */
export async function probe(path: string): Promise<StreamInfo> {
  const { streams } = await probeFile(path);
  // A cover (the file's tags) is not a track that plays.
  const of = (type: string) => streams.filter((stream) => stream.type === type && !isCoverPicture(stream)).map((stream) => stream.codec);
  return { video: of('video'), audio: of('audio'), subtitle: of('subtitle') };
}

/** Unwraps an envelope, failing the test with the engine's own error when it is not ok. */
export function value<T>(envelope: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.value;
}
