import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { locateFfmpeg } from '../../../src/core/media/locate-ffmpeg';
import type { MediaInfo } from '../../../src/core/media/media-info';
import { probeMedia } from '../../../src/core/media/probe-media';
import { makeFolder, removeFolder } from '../download/helpers';

const exec = promisify(execFile);

let located: Promise<string> | undefined;

/**
 * Where the ffmpeg the app finds is the 2018 build of @ffmpeg-installer (the bundled fallback
 * on a machine without ffmpeg where ffmpeg-static could not download), the reason a test of
 * what a current ffmpeg writes (MP4 covers, Matroska and MP3 tags) is skipped; else undefined.
 */
export const oldBundledFfmpeg: string | undefined = await locateFfmpeg().then((found) =>
  found.ok && found.value.source === 'ffmpeg-installer' ? `skipped: the ffmpeg found is the bundled 2018 build (${found.value.version}), which writes no MP4 cover` : undefined,
);

/**
 * The ffmpeg the media tests run: found the way the app finds it (FFMPEG_PATH, bundled,
 * PATH), so a machine without ffmpeg installed runs them with the bundled one; with none
 * at all the suite fails loudly, saying what was tried.
 */
export function systemFfmpeg(): Promise<string> {
  located ??= locateFfmpeg().then((found) => {
    if (!found.ok) throw new Error(found.error.message);
    return found.value.path;
  });
  return located;
}

/**
 * A file's container, duration and streams, read with that ffmpeg (`ffmpeg -i`, as the app
 * reads media): neither bundled package ships ffprobe, so the tests do not need one.
 */
export async function probeFile(file: string): Promise<MediaInfo> {
  const probed = await probeMedia(await systemFfmpeg(), file);
  if (!probed.ok) throw new Error(probed.error.message);
  return probed.value;
}

/** The file's global tags, as ffmpeg reads them back (ffmetadata escapes = ; # \ and newlines). */
export async function tagsOf(file: string): Promise<Record<string, string>> {
  const { stdout } = await exec(await systemFfmpeg(), ['-v', 'error', '-nostdin', '-i', file, '-f', 'ffmetadata', '-']);
  const tags: Record<string, string> = {};
  for (const line of stdout.replace(/\\\n/g, '\n\u0000').split('\n')) {
    const match = /^([^=;#]+)=(.*)$/.exec(line);
    if (match) tags[(match[1] ?? '').toLowerCase()] = (match[2] ?? '').replace(/\\(.)/g, '$1');
    else if (line.startsWith('\u0000')) {
      const last = Object.keys(tags).at(-1);
      if (last) tags[last] += `\n${line.slice(1)}`;
    }
  }
  return tags;
}

export interface FfmpegWorkspace {
  /** Set before the first test. */
  ffmpeg: string;
  /** A temp folder for this test file, removed after its last test. */
  folder: string;
  /** Runs ffmpeg quietly (errors only); rejects if it fails. */
  make: (args: readonly string[]) => Promise<void>;
}


/** The located ffmpeg and a temp folder for the tests of one file (registers its own hooks). */
export function ffmpegWorkspace(): FfmpegWorkspace {
  const workspace: FfmpegWorkspace = {
    ffmpeg: '',
    folder: '',
    make: async (args) => {
      await exec(workspace.ffmpeg, ['-v', 'error', '-nostdin', ...args]);
    },
  };
  beforeAll(async () => {
    workspace.ffmpeg = await systemFfmpeg();
    workspace.folder = await makeFolder();
  });
  afterAll(() => removeFolder(workspace.folder));
  return workspace;
}
