import { execFile } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimOwnedTemp } from '../../../src/core/files/owned-temp';
import { embedSubtitles } from '../../../src/core/media/embed-subtitles';
import { mergeStreams } from '../../../src/core/media/merge-streams';
import { tagFile } from '../../../src/core/media/tag-file';
import { makeFolder, removeFolder } from '../download/helpers';
import { killQuietly, startUnreapedScript } from '../fs/unreaped-process';
import { systemFfmpeg } from './system-ffmpeg';

/*
 * A process killed while ffmpeg merged (or embedded subtitles, or wrote a file's details) left
 * `<name>.merging-….mp4` (`.embedding-…`, `.tagging-…`) beside the downloads for good (found by test/reliability/crash-kill).
 * The next run on the same name removes the temps whose writer has ended, known by the OS
 * lock on their owner file, and leaves those of a live writer alone, in another process or
 * this one. Real writer processes: one killed with SIGKILL and left unreaped (its pid
 * still "exists"), one alive.
 */

const OWNED_TEMP = fileURLToPath(new URL('../../../src/core/files/owned-temp.ts', import.meta.url));
const run = promisify(execFile);
let ffmpeg: string;
let folder: string;
const writers: Array<{ child: ChildProcessWithoutNullStreams; pid: number }> = [];

beforeAll(async () => {
  ffmpeg = await systemFfmpeg();
  folder = await makeFolder();
  await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x90:rate=10', '-c:v', 'libx264', path.join(folder, 'v.mp4')]);
  await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', path.join(folder, 'a.m4a')]);
});
afterAll(async () => {
  for (const { child, pid } of writers) {
    killQuietly(pid);
    child.kill('SIGKILL');
  }
  await removeFolder(folder);
});

/** Another process that claims a temp of `base` and `tag`, writes half of it and stays; the temp's file name. */
async function writerProcess(base: string, tag: string, extension: string): Promise<{ name: string; pid: number }> {
  const script = [
    `const { claimOwnedTemp } = await import(${JSON.stringify(OWNED_TEMP)});`,
    `const { writeFileSync } = await import('node:fs');`,
    `const temp = claimOwnedTemp(${JSON.stringify(folder)}, ${JSON.stringify(base)}, ${JSON.stringify(tag)}, ${JSON.stringify(extension)});`,
    `writeFileSync(temp.path, 'half a write');`,
    // The timer keeps the claim referenced: a claim the garbage collector takes closes its lock
    // (better-sqlite3 closes a collected database), and the writer would look ended.
    `console.log('temp ' + temp.path); console.log('ready'); setInterval(() => temp, 1e6);`,
  ].join('\n');
  const started = await startUnreapedScript(script);
  writers.push(started);
  const temp = /^temp (.+)$/mu.exec(started.output())?.[1] ?? '';
  return { name: path.basename(temp), pid: started.pid };
}

/** A writer killed with SIGKILL mid-write: its temp and owner file stay, its pid lives on as a zombie. */
async function killedWriter(base: string, tag: string, extension: string): Promise<string> {
  const writer = await writerProcess(base, tag, extension);
  process.kill(writer.pid, 'SIGKILL');
  expect(() => process.kill(writer.pid, 0)).not.toThrow();
  return writer.name;
}

const ownerOf = (temp: string): string => temp.replace(/(-[0-9a-f]{16}).*$/u, '$1.owner');

describe('temp files left by a killed merge', () => {
  it('are removed by the next merge of the same name, with their owner files; live writers keep theirs', async () => {
    const killed = await killedWriter('clip', 'merging', '.mp4');
    const live = (await writerProcess('clip', 'merging', '.mp4')).name;
    const mine = claimOwnedTemp(folder, 'clip', 'merging', '.mp4');
    await writeFile(mine.path, 'half a merge here');
    // Named like a temp of earlier versions (or a title that looks like one): no owner file vouches for it, so it stays.
    const oldStyle = `clip.merging-${process.pid}-c0ffee00.mp4`;
    const other = await killedWriter('other', 'merging', '.mp4');
    await writeFile(path.join(folder, oldStyle), 'half a merge');

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
    expect(names).not.toContain(killed);
    expect(names).not.toContain(ownerOf(killed));
    expect(names).toContain(oldStyle);
    expect(names).toContain(live);
    expect(names).toContain(ownerOf(live));
    expect(names).toContain(path.basename(mine.path));
    expect(names).toContain(other);
    expect(names).toContain('clip.mp4');
    // The merge itself leaves nothing of its own behind.
    expect(names.filter((name) => name.startsWith('clip.merging-')).sort()).toEqual(
      [live, ownerOf(live), path.basename(mine.path), ownerOf(path.basename(mine.path)), oldStyle].sort(),
    );
    await mine.finish();
    expect(await readdir(folder)).not.toContain(ownerOf(path.basename(mine.path)));
  });
});

describe('temp files left by a killed subtitle embedding', () => {
  it('are removed by the next embedding into the same video; a live writer keeps its own', async () => {
    const video = path.join(folder, 'film.mp4');
    await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x90:rate=10', '-c:v', 'libx264', video]);
    const subtitles = path.join(folder, 'film.en.srt');
    await writeFile(subtitles, '1\n00:00:00,100 --> 00:00:00,600\nHello\n');
    const killed = await killedWriter('film', 'embedding', '.mp4');
    const live = (await writerProcess('film', 'embedding', '.mp4')).name;

    const embedded = await embedSubtitles({ ffmpegPath: ffmpeg, videoPath: video, tracks: [{ path: subtitles, languageTag: 'en' }] });

    expect(embedded.ok).toBe(true);
    const names = await readdir(folder);
    expect(names).not.toContain(killed);
    expect(names).not.toContain(ownerOf(killed));
    expect(names).toContain(live);
    expect(names.filter((name) => name.startsWith('film.embedding-')).sort()).toEqual([live, ownerOf(live)].sort());
  });
});

describe('temp files left by a killed tagging', () => {
  it('are removed by the next tagging of the same file; a live writer keeps its own', async () => {
    const track = path.join(folder, 'song.m4a');
    await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=1', '-c:a', 'aac', track]);
    const killed = await killedWriter('song', 'tagging', '.m4a');
    const live = (await writerProcess('song', 'tagging', '.m4a')).name;

    const tagged = await tagFile(ffmpeg, track, { title: 'Song', link: 'https://music.example/t/song', site: 'music.example' });

    expect(tagged).toEqual({ ok: true, value: true });
    const names = await readdir(folder);
    expect(names).not.toContain(killed);
    expect(names).not.toContain(ownerOf(killed));
    expect(names.filter((name) => name.startsWith('song.tagging-')).sort()).toEqual([live, ownerOf(live)].sort());
  });
});
