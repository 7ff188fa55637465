import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { locateFfmpeg } from '../../../src/core/media/locate-ffmpeg';
import { makeFolder, removeFolder } from '../download/helpers';

/** The ffmpeg the media tests run: found the way the app finds it, or the suite fails loudly. */
export async function systemFfmpeg(): Promise<string> {
  const located = await locateFfmpeg();
  if (!located.ok) throw new Error(located.error.message);
  return located.value.path;
}

export interface FfmpegWorkspace {
  /** Set before the first test. */
  ffmpeg: string;
  /** A temp folder for this test file, removed after its last test. */
  folder: string;
  /** Runs ffmpeg quietly (errors only); rejects if it fails. */
  make: (args: readonly string[]) => Promise<void>;
}

const exec = promisify(execFile);

/** The system ffmpeg and a temp folder for the tests of one file (registers its own hooks). */
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
