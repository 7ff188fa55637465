import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The ffmpeg the sandbox generates its samples with: the explicit option, else
 * $FFMPEG_PATH, else `ffmpeg` on PATH. The sandbox is standalone, so it has its own
 * small lookup rather than the engine's locator.
 */
export function locateFfmpeg(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = explicit ?? env.FFMPEG_PATH;
  if (chosen) {
    if (!isExecutable(chosen)) throw new Error(`ffmpeg not found or not executable at "${chosen}"`);
    return chosen;
  }
  const names = process.platform === 'win32' ? ['ffmpeg.exe'] : ['ffmpeg'];
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  throw new Error('ffmpeg not found: install ffmpeg or set FFMPEG_PATH (the sandbox generates its sample media with it)');
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
