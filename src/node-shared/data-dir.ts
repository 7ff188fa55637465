import { posix, win32 } from 'node:path';

export interface PlatformInfo {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
}

/**
 * Where Trove keeps its database, settings and partial downloads when neither
 * `--data-dir` nor `TROVE_DATA_DIR` says otherwise: each platform's per-user app-data
 * folder, the place users and backup tools expect application state.
 */
export function defaultDataDir({ platform, env, homeDir }: PlatformInfo): string {
  if (platform === 'win32') return win32.join(nonEmpty(env.APPDATA) ?? win32.join(homeDir, 'AppData', 'Roaming'), 'Trove');
  if (platform === 'darwin') return posix.join(homeDir, 'Library', 'Application Support', 'Trove');
  // XDG Base Directory spec: a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = nonEmpty(env.XDG_DATA_HOME);
  const base = xdg !== undefined && posix.isAbsolute(xdg) ? xdg : posix.join(homeDir, '.local', 'share');
  return posix.join(base, 'trove');
}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value);
