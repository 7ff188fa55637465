import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { withDirLock } from './dir-lock';

const run = promisify(execFile);

/** Bump when the list or the encoding of the samples changes: a new version regenerates. */
export const MEDIA_VERSION = 1;
const DURATION = 3;

const video = (size: string): string[] => ['-f', 'lavfi', '-i', `testsrc=duration=${DURATION}:size=${size}:rate=24`];
const tone = (hz: number): string[] => ['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${DURATION}`];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const aac = ['-c:a', 'aac', '-b:a', '64k'];
const faststart = ['-movflags', '+faststart'];
const still = (source: string): string[] => ['-f', 'lavfi', '-i', source, '-frames:v', '1', '-q:v', '5'];

/** Every sample file and the ffmpeg arguments (before the output path) that make it. */
const SAMPLE_ARGS = {
  'video-360.mp4': [...video('640x360'), ...tone(440), ...h264, ...aac, '-shortest', ...faststart],
  'video-720.mp4': [...video('1280x720'), ...h264, '-an', ...faststart],
  'video-1080.mp4': [...video('1920x1080'), ...h264, '-an', ...faststart],
  'audio-en.m4a': [...tone(440), ...aac, '-vn', ...faststart],
  'audio-ja.m4a': [...tone(660), ...aac, '-vn', ...faststart],
  'music.mp3': [...tone(523), '-c:a', 'libmp3lame', '-b:a', '64k'],
  'preview.jpg': still('testsrc=size=640x360'),
  'avatar.jpg': still('color=c=0x3366cc:size=128x128'),
  'image-1.jpg': still('testsrc2=size=800x600'),
  'image-2.jpg': still('smptebars=size=800x600'),
  'image-3.jpg': still('rgbtestsrc=size=800x600'),
} as const satisfies Record<string, readonly string[]>;

export type SampleName = keyof typeof SAMPLE_ARGS;
export const SAMPLE_NAMES = Object.keys(SAMPLE_ARGS) as SampleName[];
export const isSampleName = (name: string): name is SampleName => Object.hasOwn(SAMPLE_ARGS, name);
export const SAMPLE_DURATION_SECONDS = DURATION;

export type SampleLibrary = ReadonlyMap<SampleName, Buffer>;

const MANIFEST = 'manifest.json';

export const sampleDir = (cacheRoot: string): string => join(cacheRoot, `trove-sandbox-media-v${MEDIA_VERSION}`);

/**
 * Loads the samples from the cache, generating them first if they are missing. Generation
 * happens under a lock into a temporary folder that is renamed into place when complete,
 * so a reader never sees half a cache.
 */
export async function loadSamples(cacheRoot: string, ffmpegPath: () => Promise<string>): Promise<SampleLibrary> {
  const dir = sampleDir(cacheRoot);
  if (!(await isComplete(dir))) {
    await mkdir(cacheRoot, { recursive: true });
    await withDirLock(`${dir}.lock`, async () => {
      if (!(await isComplete(dir))) await generate(dir, await ffmpegPath());
    });
  }
  const entries = await Promise.all(SAMPLE_NAMES.map(async (name) => [name, await readFile(join(dir, name))] as const));
  return new Map(entries);
}

async function isComplete(dir: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as { version?: unknown };
    return manifest.version === MEDIA_VERSION;
  } catch {
    return false;
  }
}

async function generate(dir: string, ffmpeg: string): Promise<void> {
  const tmp = `${dir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp);
  try {
    // Two at a time: these are tiny, and build machines have two cores.
    const queue = [...SAMPLE_NAMES];
    const worker = async (): Promise<void> => {
      for (let name = queue.shift(); name; name = queue.shift()) {
        await run(ffmpeg, ['-v', 'error', '-nostdin', '-y', ...SAMPLE_ARGS[name], join(tmp, name)]);
      }
    };
    await Promise.all([worker(), worker()]);
    await writeFile(join(tmp, MANIFEST), JSON.stringify({ version: MEDIA_VERSION, files: SAMPLE_NAMES }));
    // A stale folder of the same version without a manifest may be in the way.
    await rm(dir, { recursive: true, force: true });
    await rename(tmp, dir);
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw new Error(`Generating sandbox media with ${ffmpeg} failed: ${(error as Error).message}`, { cause: error });
  }
}
