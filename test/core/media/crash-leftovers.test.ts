import { execFile, spawnSync } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedSubtitles } from '../../../src/core/media/embed-subtitles';
import { mergeStreams } from '../../../src/core/media/merge-streams';
import { makeFolder, removeFolder } from '../download/helpers';
import { systemFfmpeg } from './system-ffmpeg';

/*
 * A process killed while ffmpeg merged (or embedded subtitles) left `<name>.merging-….mp4`
 * (`.embedding-…`) beside the downloads for good (found by test/reliability/crash-kill).
 * The next run on the same name removes temp files whose writer is gone, and leaves
 * those of a live process alone.
 */

const run = promisify(execFile);
let ffmpeg: string;
let folder: string;

beforeAll(async () => {
  ffmpeg = await systemFfmpeg();
  folder = await makeFolder();
  await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x90:rate=10', '-c:v', 'libx264', path.join(folder, 'v.mp4')]);
  await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', path.join(folder, 'a.m4a')]);
});
afterAll(() => removeFolder(folder));

/** The id of a process that has exited: nobody writes under it any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('temp files left by a killed merge', () => {
  it('are removed by the next merge of the same name; a live writer keeps its own', async () => {
    const stale = `clip.merging-${deadPid()}-0badf00d.mp4`;
    const live = `clip.merging-${process.pid}-c0ffee00.mp4`;
    const other = `other.merging-${deadPid()}-0badf00d.mp4`;
    for (const name of [stale, live, other]) await writeFile(path.join(folder, name), 'half a merge');

    const merged = await mergeStreams({
      ffmpegPath: ffmpeg,
      videoPath: path.join(folder, 'v.mp4'),
      audioPath: path.join(folder, 'a.m4a'),
      baseName: 'clip',
      directory: folder,
      keepSources: true,
    });

    expect(merged.ok).toBe(true);
    const names = await readdir(folder);
    expect(names).not.toContain(stale);
    expect(names).toContain(live);
    expect(names).toContain(other);
    expect(names).toContain('clip.mp4');
  });
});

describe('temp files left by a killed subtitle embedding', () => {
  it('are removed by the next embedding into the same video; a live writer keeps its own', async () => {
    const video = path.join(folder, 'film.mp4');
    await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x90:rate=10', '-c:v', 'libx264', video]);
    const subtitles = path.join(folder, 'film.en.srt');
    await writeFile(subtitles, '1\n00:00:00,100 --> 00:00:00,600\nHello\n');
    const stale = `film.embedding-${deadPid()}-0badf00d.mp4`;
    const live = `film.embedding-${process.pid}-c0ffee00.mp4`;
    for (const name of [stale, live]) await writeFile(path.join(folder, name), 'half an embedding');

    const embedded = await embedSubtitles({ ffmpegPath: ffmpeg, videoPath: video, tracks: [{ path: subtitles, languageTag: 'en' }] });

    expect(embedded.ok).toBe(true);
    const names = await readdir(folder);
    expect(names).not.toContain(stale);
    expect(names).toContain(live);
  });
});
