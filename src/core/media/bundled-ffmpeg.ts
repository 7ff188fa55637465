import { access, constants } from 'node:fs/promises';
import type { Result } from '../../shared/errors';

/*
 * The ffmpeg binaries that come with Trove's npm packages, first choice first:
 * - ffmpeg-static (the design card's choice): a recent static build, but its install
 *   script downloads the binary from GitHub, so it is missing wherever that download is
 *   blocked or failed (and npm 11 skips install scripts unless package.json allows them).
 * - @ffmpeg-installer/ffmpeg: the binary sits inside a per-platform npm package
 *   (@ffmpeg-installer/linux-x64, …), so whatever reaches the npm registry has it. Its
 *   builds are from 2018 (ffmpeg 4.1 era), still enough for all Trove asks of ffmpeg
 *   (docs/downloads.md).
 */

export type BundledSource = 'ffmpeg-static' | 'ffmpeg-installer';

export interface BundledFfmpeg {
  source: BundledSource;
  /** The npm package, as messages name it. */
  packageName: string;
  /** The binary's path, or why this package offers none here. */
  find: () => Promise<Result<string, string>>;
  /**
   * Tried only after `ffmpeg` on PATH: a last resort. An ffmpeg the OS installed gets its
   * security fixes; a 2018 build with later-fixed muxer bugs should not win over it.
   */
  lastResort?: true;
}

/**
 * In a packaged Electron app, node_modules sit inside app.asar, which a child process
 * cannot execute from; electron-builder unpacks binaries next to it into app.asar.unpacked.
 */
export function unpackedAsarPath(binary: string): string {
  return binary.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

const platformName = `${process.platform}-${process.arch}`;

/** A package that may be absent: its default export, or why it could not be loaded. */
async function importOptional(load: () => Promise<unknown>): Promise<Result<unknown, string>> {
  try {
    return { ok: true, value: ((await load()) as { default?: unknown }).default };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return { ok: false, error: 'not installed' };
    // @ffmpeg-installer/ffmpeg throws a plain string when it has no binary for this machine.
    return { ok: false, error: typeof error === 'string' ? error : (error as Error).message };
  }
}

async function existing(binary: string, missing: string): Promise<Result<string, string>> {
  try {
    await access(binary, constants.F_OK);
    return { ok: true, value: binary };
  } catch {
    return { ok: false, error: missing };
  }
}

async function findFfmpegStatic(): Promise<Result<string, string>> {
  const loaded = await importOptional(
    // `as string`: optional, so it may be absent when this is typechecked; the bundler keeps it external.
    () => import('ffmpeg-static' as string),
  );
  if (!loaded.ok) return loaded;
  if (typeof loaded.value !== 'string') return { ok: false, error: `it has no binary for ${platformName}` };
  const binary = unpackedAsarPath(loaded.value);
  return existing(binary, `installed without its binary (${binary}): its install script, which downloads it, did not run or failed`);
}

async function findFfmpegInstaller(): Promise<Result<string, string>> {
  const loaded = await importOptional(() => import('@ffmpeg-installer/ffmpeg'));
  if (!loaded.ok) {
    // Its own messages list paths at length; these say the same in a few words.
    if (loaded.error.startsWith('Unsupported platform')) return { ok: false, error: `it has no build for ${platformName}` };
    if (loaded.error.startsWith('Could not find')) return { ok: false, error: `its binary package @ffmpeg-installer/${platformName} is not installed` };
    return loaded;
  }
  const reported = (loaded.value as { path?: unknown } | undefined)?.path;
  if (typeof reported !== 'string') return { ok: false, error: 'it gave no binary path' };
  const binary = unpackedAsarPath(reported);
  return existing(binary, `its binary is missing (${binary})`);
}

/** Tried in this order after the user's setting and FFMPEG_PATH; a `lastResort` one after PATH. */
export const BUNDLED_FFMPEGS: readonly BundledFfmpeg[] = [
  { source: 'ffmpeg-static', packageName: 'ffmpeg-static', find: findFfmpegStatic },
  { source: 'ffmpeg-installer', packageName: '@ffmpeg-installer/ffmpeg', find: findFfmpegInstaller, lastResort: true },
];
