import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * ffmpeg-static's binary, when it was installed (an optional dependency: its installer
 * downloads the binary and may fail). Packaged, it is unpacked from app.asar because a
 * binary inside an archive cannot be executed. Undefined lets the Core look elsewhere.
 */
export function bundledFfmpegPath(): string | undefined {
  try {
    const binary = createRequire(import.meta.url)('ffmpeg-static') as string | null;
    return binary?.replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`);
  } catch {
    return undefined;
  }
}
