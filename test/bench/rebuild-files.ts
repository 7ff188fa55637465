import { execFile } from 'node:child_process';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { locateFfmpeg, taggedOutput, writeSidecar } from '../../src/core/media';
import type { FileTags } from '../../src/core/media';
import { createThumbnailCache } from '../../src/core/library';
import { rebuildLibrary } from '../../src/core/rebuild';
import { openLibrary } from './fixtures/library-db';
import { makeRunDir, remove } from './tools/files';

/*
 * `npx tsx test/bench/rebuild-files.ts [files]` (default 1,000): the time to rebuild a
 * library from a download folder of that many files Trove wrote: 70 % videos (MP4, tagged
 * with a cover, as a merge writes them; every tenth with two subtitle files beside it) and
 * 30 % images with their sidecars. Then the same again (nothing to add). Prints the figures.
 */

const run = promisify(execFile);
const count = Number(process.argv[2] ?? 1000);

async function main(): Promise<void> {
  const located = await locateFfmpeg();
  if (!located.ok) throw new Error(located.error.message);
  const ffmpeg = located.value.path;
  const root = makeRunDir();
  const downloads = join(root, 'downloads');
  await mkdir(downloads, { recursive: true });
  try {
    const template = join(root, 'template.mp4');
    const cover = join(root, 'cover.jpg');
    const image = join(root, 'image.jpg');
    await run(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', template]);
    await run(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180', '-frames:v', '1', cover]);
    await run(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1280x720', '-frames:v', '1', image]);

    const videos = Math.round(count * 0.7);
    const made = performance.now();
    for (let n = 0; n < count; n += 1) {
      const tags: FileTags = {
        link: `https://video.example/watch/bench-${n}`,
        site: 'video',
        title: `Bench post ${n}: a caption of some length`,
        artist: 'Bench Creator',
        date: '2025-01-02',
        description: `The text of post ${n}.`,
        mediaIndex: 0,
        mediaCount: 1,
      };
      if (n < videos) {
        const file = join(downloads, `Bench post ${n}.mp4`);
        const tagged = taggedOutput({ ...tags, coverPath: cover }, 'mp4', { streams: 2, videoStreams: 1, coverInput: 1 });
        await run(ffmpeg, ['-v', 'error', '-i', template, ...tagged.inputs, '-map', '0:v', '-map', '0:a', '-c', 'copy', ...tagged.args, file]);
        if (n % 10 === 0) {
          for (const language of ['en', 'es']) await writeFile(join(downloads, `Bench post ${n}.${language}.srt`), `1\n00:00:00,000 --> 00:00:01,000\nLine ${n} ${language}\n`);
        }
      } else {
        const file = join(downloads, `Bench photo ${n}.jpg`);
        await copyFile(image, file);
        await writeSidecar(file, { ...tags, link: `https://photos.example/p/bench-${n}`, site: 'photos' });
      }
    }
    process.stderr.write(`made ${count} files in ${((performance.now() - made) / 1000).toFixed(1)} s\n`);

    const dataDir = join(root, 'data');
    await mkdir(dataDir, { recursive: true });
    const { db, library } = openLibrary(dataDir);
    const thumbnails = createThumbnailCache({ db, dataDir, now: Date.now, fetchBytes: async () => ({ ok: false, error: { code: 'internal', message: 'offline' } }) });
    const deps = { library, thumbnails, ffmpegPath: async () => ({ ok: true as const, value: ffmpeg }) };
    for (const pass of ['first (empty library)', 'second (nothing to add)']) {
      const started = performance.now();
      const report = await rebuildLibrary(deps, { folders: [downloads] });
      const seconds = (performance.now() - started) / 1000;
      if (!report.ok) throw new Error(report.error.message);
      const { postsAdded, postsFound, filesAdded, subtitlesAdded, notTrove } = report.value;
      process.stdout.write(`${pass}: ${count} files in ${seconds.toFixed(1)} s (${((seconds * 1000) / count).toFixed(1)} ms a file); posts added ${postsAdded}, found ${postsFound}, files ${filesAdded}, subtitles ${subtitlesAdded}, not Trove's ${notTrove.length}\n`);
    }
    db.close();
  } finally {
    await remove(root);
  }
}

await main();
