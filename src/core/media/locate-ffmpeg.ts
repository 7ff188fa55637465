import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { Result } from '../../shared/errors';
import { mediaError, type MediaError } from './media-error';
import { logTail, runFfmpeg } from './run-ffmpeg';

export type FfmpegSource = 'setting' | 'environment' | 'bundled' | 'path';

export interface FfmpegInfo {
  path: string;
  /** As ffmpeg reports it, e.g. "5.1.6-0+deb12u1" or "6.1.1-static". */
  version: string;
  source: FfmpegSource;
}

export interface LocateOptions {
  /** The user's ffmpegPath setting; empty = not set. */
  setting?: string;
  env?: NodeJS.ProcessEnv;
  /** Where ffmpeg-static put its binary, if it is installed. */
  loadBundled?: () => Promise<string | undefined>;
  platform?: NodeJS.Platform;
}

const HOW_TO_GET =
  'Install ffmpeg (https://ffmpeg.org/download.html; e.g. `apt install ffmpeg`, `brew install ffmpeg`, `winget install ffmpeg`) ' +
  'or set its full path in Settings → ffmpeg.';

/**
 * In a packaged Electron app, node_modules sit inside app.asar, which a child process
 * cannot execute from; electron-builder unpacks binaries next to it into app.asar.unpacked.
 */
export function unpackedAsarPath(binary: string): string {
  return binary.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

/** ffmpeg-static's binary path; optional, so absent on machines where its installer failed. */
export async function loadFfmpegStatic(): Promise<string | undefined> {
  try {
    // A variable specifier: ffmpeg-static is optional and may be missing at build time.
    const specifier = 'ffmpeg-static';
    const module = (await import(specifier)) as { default?: unknown };
    return typeof module.default === 'string' ? unpackedAsarPath(module.default) : undefined;
  } catch {
    return undefined;
  }
}

async function onPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Promise<string | undefined> {
  const name = platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';
  const separator = platform === 'win32' ? ';' : ':';
  for (const directory of (env.PATH ?? env.Path ?? '').split(separator).filter(Boolean)) {
    const candidate = path.join(directory, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

const VERSION = /^ffmpeg version (\S+)/m;

/** Runs `ffmpeg -version`: proves the binary works and tells its version. */
export async function ffmpegVersion(binary: string): Promise<Result<string, string>> {
  const lines: string[] = [];
  const run = await runFfmpeg(binary, ['-version'], { timeoutMs: 10_000, onStdoutLine: (line) => lines.push(line) });
  if (run.spawnError) return { ok: false, error: run.spawnError.message };
  const version = VERSION.exec(lines.join('\n'))?.[1];
  if (run.code === 0 && version !== undefined) return { ok: true, value: version };
  return { ok: false, error: logTail(run.stderr, 1) || 'it is not an ffmpeg binary' };
}

/**
 * Finds a working ffmpeg: the user's setting → $FFMPEG_PATH → ffmpeg-static → `ffmpeg` on
 * PATH. An explicit choice (setting or environment) that does not work is an error, not
 * silently replaced: the user asked for that binary. Bundled and PATH are tried in turn.
 */
export async function locateFfmpeg(options: LocateOptions = {}): Promise<Result<FfmpegInfo, MediaError>> {
  const env = options.env ?? process.env;
  const explicit: Array<[FfmpegSource, string | undefined, string]> = [
    ['setting', options.setting?.trim(), 'The ffmpeg path in Settings'],
    ['environment', env.FFMPEG_PATH?.trim(), 'FFMPEG_PATH'],
  ];
  for (const [source, binary, label] of explicit) {
    if (!binary) continue;
    const version = await ffmpegVersion(binary);
    if (!version.ok) {
      // The path is the user's own text: shown as typed, but never at any length.
      const shown = binary.length > 200 ? `${binary.slice(0, 200)}…` : binary;
      return { ok: false, error: mediaError('ffmpeg_not_found', `${label} (${shown}) does not work: ${version.error}. ${HOW_TO_GET}`) };
    }
    return { ok: true, value: { path: binary, version: version.value, source } };
  }
  const found: Array<[FfmpegSource, () => Promise<string | undefined>]> = [
    ['bundled', options.loadBundled ?? loadFfmpegStatic],
    ['path', () => onPath(env, options.platform ?? process.platform)],
  ];
  for (const [source, find] of found) {
    const binary = await find();
    if (binary === undefined) continue;
    const version = await ffmpegVersion(binary);
    if (version.ok) return { ok: true, value: { path: binary, version: version.value, source } };
  }
  return { ok: false, error: mediaError('ffmpeg_not_found', `ffmpeg was not found. ${HOW_TO_GET}`) };
}
