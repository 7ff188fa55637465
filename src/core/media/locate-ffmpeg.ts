import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Result } from '../../shared/errors';
import { BUNDLED_FFMPEGS, type BundledFfmpeg, type BundledSource } from './bundled-ffmpeg';
import { coverMayHaveFailed } from './cover-support';
import { mediaError, type MediaError } from './media-error';
import { logTail, runFfmpeg } from './run-ffmpeg';

export type FfmpegSource = 'setting' | 'environment' | BundledSource | 'path';

export interface FfmpegInfo {
  path: string;
  /** As ffmpeg reports it, e.g. "5.1.6-0+deb12u1" or "6.1.1-static". */
  version: string;
  source: FfmpegSource;
}

export interface LocateOptions {
  /** The user's ffmpegPath setting; empty = not set. */
  setting?: string;
  /** What the setting is called in messages, default "Settings → ffmpeg" (the sandbox's own option is not in Settings). */
  settingName?: string;
  env?: NodeJS.ProcessEnv;
  /** The binaries that come with Trove's npm packages, in the order they are tried. */
  bundled?: readonly BundledFfmpeg[];
  platform?: NodeJS.Platform;
}

/** What to do when no ffmpeg works (trove doctor shows it as the fix). */
export const HOW_TO_GET_FFMPEG =
  "Reinstall Trove (from source: `npm install`) to restore its bundled ffmpeg, install ffmpeg (https://ffmpeg.org/download.html; e.g. `apt install ffmpeg`, `brew install ffmpeg`, `winget install ffmpeg`), " +
  'or set the full path of a working ffmpeg in Settings → ffmpeg or in FFMPEG_PATH.';

/** Text from the user or the environment: shown as given, but never at any length. */
const shown = (text: string, max = 200): string => (text.length > max ? `${text.slice(0, max)}…` : text);

function whyNotStarted(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'no such file';
  if (error.code === 'EACCES') return 'it is not executable';
  return error.message;
}

const VERSION = /^ffmpeg version (\S+)/m;

/** Runs `ffmpeg -version`: proves the binary works and tells its version, or why it does not work. */
export async function ffmpegVersion(binary: string): Promise<Result<string, string>> {
  const lines: string[] = [];
  const run = await runFfmpeg(binary, ['-version'], { timeoutMs: 10_000, onStdoutLine: (line) => lines.push(line) });
  if (run.spawnError) return { ok: false, error: whyNotStarted(run.spawnError) };
  const version = VERSION.exec(lines.join('\n'))?.[1];
  if (run.code === 0 && version !== undefined) return { ok: true, value: version };
  return { ok: false, error: logTail(run.stderr, 1) || 'it is not an ffmpeg binary' };
}

/** The first executable file named ffmpeg in PATH's folders (what a shell would run), or why there is none. */
async function onPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Promise<Result<string, string>> {
  const name = platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';
  const folders = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : ':').filter(Boolean);
  for (const folder of folders) {
    const candidate = path.join(folder, name);
    try {
      await access(candidate, constants.X_OK);
      if ((await stat(candidate)).isFile()) return { ok: true, value: candidate };
    } catch {
      // Not in this folder.
    }
  }
  return { ok: false, error: folders.length === 0 ? 'not set or empty' : `no ${name} in ${shown(folders.join(path.delimiter), 300)}` };
}

interface Candidate {
  source: FfmpegSource;
  /** How messages name this candidate. */
  name: string;
  find: () => Promise<Result<string, string>>;
}

/**
 * Finds a working ffmpeg: the user's setting → $FFMPEG_PATH → the bundled ffmpeg-static →
 * `ffmpeg` on PATH → the bundled @ffmpeg-installer/ffmpeg (a 2018 build: the last resort,
 * so it never wins over an ffmpeg the OS keeps patched). Each must answer `-version`.
 * An explicit choice (setting or environment) that does not work is an error, not silently
 * replaced: the user asked for that binary. Without one, the others are tried in turn, and
 * when none works the error says what each was and why it failed.
 */
export async function locateFfmpeg(options: LocateOptions = {}): Promise<Result<FfmpegInfo, MediaError>> {
  const env = options.env ?? process.env;
  const explicit: Array<[FfmpegSource, string, string | undefined]> = [
    ['setting', options.settingName ?? 'Settings → ffmpeg', options.setting?.trim()],
    ['environment', 'FFMPEG_PATH', env.FFMPEG_PATH?.trim()],
  ];
  for (const [source, name, binary] of explicit) {
    if (!binary) continue;
    const version = await ffmpegVersion(binary);
    if (version.ok) return { ok: true, value: { path: binary, version: version.value, source } };
    const message = `${name} (${shown(binary)}) does not work: ${version.error}. Correct it, or clear it to let Trove find ffmpeg itself (bundled, else on PATH).`;
    return { ok: false, error: mediaError('ffmpeg_not_found', message) };
  }

  const bundled = (options.bundled ?? BUNDLED_FFMPEGS).map(({ source, packageName, find, lastResort }) => ({ source, name: packageName, find, lastResort }));
  const candidates: Candidate[] = [
    ...bundled.filter((candidate) => !candidate.lastResort),
    { source: 'path', name: 'PATH', find: () => onPath(env, options.platform ?? process.platform) },
    ...bundled.filter((candidate) => candidate.lastResort),
  ];
  const failures = explicit.map(([, name]) => `${name}: not set`);
  for (const { source, name, find } of candidates) {
    const found = await find();
    if (!found.ok) {
      failures.push(`${name}: ${found.error}`);
      continue;
    }
    const version = await ffmpegVersion(found.value);
    if (!version.ok) {
      failures.push(`${name}: ${found.value} does not work (${version.error})`);
      continue;
    }
    // The 2018 last resort is known to write no MP4 cover: nothing it later opens (subtitle
    // embedding, a rebuild) should meet one, so no merge of its session writes one (cover-support).
    if (source === 'ffmpeg-installer') coverMayHaveFailed(found.value, 'mp4');
    return { ok: true, value: { path: found.value, version: version.value, source } };
  }
  return { ok: false, error: mediaError('ffmpeg_not_found', `No working ffmpeg was found. Tried in order: ${failures.join('; ')}. ${HOW_TO_GET_FFMPEG}`) };
}
