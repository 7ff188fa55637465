import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileTags } from '../../../src/core/media/file-tags';
import { writeSidecar } from '../../../src/core/media/sidecar';
import { tagFile } from '../../../src/core/media/tag-file';
import { parseFfmetadata } from '../../../src/core/rebuild/parse-ffmetadata';
import { readCovers } from '../../../src/core/rebuild/read-container';
import { readMediaFiles, readSidecarFile } from '../../../src/core/rebuild/read-found-files';
import { ffmpegWorkspace, oldBundledFfmpeg } from '../media/system-ffmpeg';

/*
 * What Trove writes into each kind of file (tag-file, sidecar) read back by the rebuild
 * with the ffmpeg the app finds: the same facts, whatever the container.
 */

const work = ffmpegWorkspace();

const TAGS: FileTags = {
  title: 'Sample video: ünïcode & "quotes" = ; #',
  artist: 'Sandbox Creator',
  date: '2024-02-01',
  description: 'Line one\nLine two \\ with a backslash',
  link: 'https://video.example/watch/abc',
  site: 'video',
  mediaIndex: 1,
  mediaCount: 3,
};
const FACTS = { link: TAGS.link, site: TAGS.site, title: TAGS.title, artist: TAGS.artist, description: TAGS.description, mediaIndex: 1, mediaCount: 3 };

async function make(name: string, args: string[]): Promise<string> {
  const file = path.join(work.folder, name);
  await work.make(['-y', ...args, file]);
  return file;
}
const video = (name: string, codec: string[]) => make(name, ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x90:rate=10', '-f', 'lavfi', '-i', 'sine=duration=1', ...codec]);

describe.skipIf(oldBundledFfmpeg !== undefined)(`reading back what Trove wrote${oldBundledFfmpeg ? ` — ${oldBundledFfmpeg}` : ''}`, () => {
  it.each([
    ['mp4', ['-c:v', 'libx264', '-c:a', 'aac'], 'video', 'h264+aac'],
    ['mkv', ['-c:v', 'libx264', '-c:a', 'aac'], 'video', 'h264+aac'],
    ['webm', ['-c:v', 'libvpx-vp9', '-c:a', 'libopus', '-deadline', 'realtime'], 'video', 'vp9+opus'],
    ['mp3', ['-vn', '-c:a', 'libmp3lame'], 'audio', 'mp3'],
  ] as const)('a tagged .%s gives its link, site, place in the post and text back', async (extension, codec, mediaType, codecs) => {
    const file = await video(`tagged.${extension}`, [...codec]);
    const cover = await make(`cover-${extension}.jpg`, ['-f', 'lavfi', '-i', 'testsrc=size=64x36', '-frames:v', '1']);
    const tagged = await tagFile(work.ffmpeg, file, { ...TAGS, coverPath: cover });
    expect(tagged).toEqual({ ok: true, value: true });
    const [read] = await readMediaFiles(work.ffmpeg, [file]);
    if (!read || !('found' in read)) throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(read.found).toMatchObject({ path: file, mediaType, codecs, facts: FACTS });
    // MP4 may give the day back as the year alone; the rest keep it whole.
    expect(read.found.facts.date).toMatch(/^2024(-02-01)?$/u);
    const stream = read.found.coverStream;
    if (extension === 'webm') expect(stream).toBeUndefined();
    else {
      const [coverBytes] = await readCovers(work.ffmpeg, [{ file, stream: stream as number }]);
      expect([...(coverBytes ?? []).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it('reads many files with one ffmpeg; another tool\'s file (a link, but no site) is not Trove\'s, and a broken one costs only itself', async () => {
    const other = await video('other-tool.mkv', ['-c:v', 'libx264', '-c:a', 'aac', '-metadata', 'title=Elsewhere', '-metadata', 'purl=https://video.example/watch/x', '-metadata', 'comment=https://video.example/watch/x']);
    const broken = path.join(work.folder, 'broken.mp4');
    await writeFile(broken, 'not a video');
    const ours = await video('ours.mp4', ['-c:v', 'libx264', '-c:a', 'aac']);
    expect(await tagFile(work.ffmpeg, ours, TAGS)).toEqual({ ok: true, value: true });
    const batches: number[] = [];
    const read = await readMediaFiles(work.ffmpeg, [other, broken, ours], { onBatch: (done) => batches.push(done) });
    expect(read).toEqual([{ notTrove: other }, { unreadable: broken, message: 'ffmpeg cannot read broken.mp4.' }, { found: expect.objectContaining({ path: ours, facts: expect.objectContaining({ link: TAGS.link }) }) }]);
    expect(batches).toEqual([3]);
  });

  it('an image sidecar gives the image beside it, also when both were renamed together', async () => {
    const image = await make('photo.jpg', ['-f', 'lavfi', '-i', 'testsrc=size=64x36', '-frames:v', '1']);
    expect(await writeSidecar(image, TAGS)).toBe(true);
    const sidecar = path.join(work.folder, 'photo.json');
    expect(await readSidecarFile(sidecar)).toMatchObject({ claims: image, found: { path: image, mediaType: 'image', facts: { ...FACTS, date: TAGS.date } } });
    await copyFile(image, path.join(work.folder, 'renamed.jpg'));
    await copyFile(sidecar, path.join(work.folder, 'renamed.json'));
    expect(await readSidecarFile(path.join(work.folder, 'renamed.json'))).toMatchObject({ claims: image });
    await writeFile(path.join(work.folder, 'settings.json'), '{"theme":"dark"}');
    expect(await readSidecarFile(path.join(work.folder, 'settings.json'))).toEqual({ notTrove: path.join(work.folder, 'settings.json') });
  });

  it('parses ffmetadata escapes and values that span lines, and stops at the first section', () => {
    const text = ';FFMETADATA1\ntitle=a \\= b \\; c \\# d \\\\ e\ndescription=one\\\ntwo\nCOMMENT=https://x.example/1\n[STREAM]\ntitle=stream\n';
    expect(parseFfmetadata(text)).toEqual({ title: 'a = b ; c # d \\ e', description: 'one\ntwo', comment: 'https://x.example/1' });
  });
});
