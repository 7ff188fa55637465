import { execFile } from 'node:child_process';
import { copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { iso6392For, type FileTags } from '../../../src/core/media/file-tags';
import { mergeStreams } from '../../../src/core/media/merge-streams';
import { tagFile } from '../../../src/core/media/tag-file';
import { writesCovers } from '../../../src/core/media/cover-support';
import { ffmpegWorkspace, probeFile, tagsOf } from './system-ffmpeg';

/*
 * Tags and covers written by the ffmpeg the app finds, read back with that ffmpeg (the
 * global tags through its ffmetadata writer, streams and covers through its own report).
 */

const exec = promisify(execFile);
const work = ffmpegWorkspace();

const TAGS: FileTags = {
  title: 'Sample video: ünïcode & "quotes"',
  artist: 'Sandbox Creator',
  date: '2024-02-01',
  description: 'Line one\nLine two',
  link: 'https://video.example/watch/abc',
  site: 'video.example',
  audioLanguage: 'ja-JP',
};

async function make(name: string, args: string[]): Promise<string> {
  const file = path.join(work.folder, name);
  await work.make(['-y', ...args, file]);
  return file;
}
const video = (name: string, codec: string[]) => make(name, ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x90:rate=10', ...codec, '-an']);
const audio = (name: string, codec: string[]) => make(name, ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', ...codec, '-vn']);
const picture = (name: string) => make(name, ['-f', 'lavfi', '-i', 'testsrc=size=160x90', '-frames:v', '1']);

function expectTags(tags: Record<string, string>, extra: Record<string, string> = {}) {
  expect(tags).toMatchObject({ title: TAGS.title, artist: TAGS.artist, comment: TAGS.link, network: TAGS.site, ...extra });
  expect(tags['description']).toBe(TAGS.description);
  expect(tags['date']).toMatch(/^2024(-02-01)?/);
}

describe('tags and covers in the files', () => {
  it('a merged MP4 gets every tag, the audio language and the cover (a WebP made JPEG) in the merge pass itself', async () => {
    const [v, a, cover] = await Promise.all([
      video('v.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
      audio('a.m4a', ['-c:a', 'aac']),
      picture('cover.webp'),
    ]);
    const merged = await mergeStreams({ ffmpegPath: work.ffmpeg, videoPath: v, audioPath: a, baseName: 'merged', keepSources: true, tags: { ...TAGS, coverPath: cover } });
    expect(merged.ok, merged.ok ? '' : merged.error.message).toBe(true);
    if (!merged.ok) return;
    expectTags(await tagsOf(merged.value.path));
    const { streams } = await probeFile(merged.value.path);
    expect(streams.find((stream) => stream.type === 'audio')?.language).toBe('jpn');
    // The video track is the only one that plays; the cover is a cover, or (an ffmpeg too old to write one) absent.
    expect(streams.filter((stream) => stream.type === 'video' && !stream.attachedPicture)).toHaveLength(1);
    const covers = streams.filter((stream) => stream.attachedPicture);
    expect(covers.map((stream) => stream.codec)).toEqual(writesCovers(work.ffmpeg, 'mp4') ? ['mjpeg'] : []);
  });

  it('a merged WebM gets the tags and no cover (WebM has no place for one); Matroska keeps it as cover.jpg', async () => {
    const [v, a, cover] = await Promise.all([
      video('v.webm', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime']),
      audio('a.webm', ['-c:a', 'libopus']),
      picture('cover.jpg'),
    ]);
    const webm = await mergeStreams({ ffmpegPath: work.ffmpeg, videoPath: v, audioPath: a, baseName: 'merged-webm', keepSources: true, tags: { ...TAGS, coverPath: cover } });
    expect(webm.ok && webm.value.container).toBe('webm');
    if (!webm.ok) return;
    expectTags(await tagsOf(webm.value.path), { purl: TAGS.link });
    expect((await probeFile(webm.value.path)).streams.map((stream) => stream.type)).toEqual(['video', 'audio']);

    const mkvVideo = await video('v-h264.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
    const mkv = await mergeStreams({ ffmpegPath: work.ffmpeg, videoPath: mkvVideo, audioPath: a, baseName: 'merged-mkv', keepSources: true, tags: { ...TAGS, coverPath: cover } });
    expect(mkv.ok && mkv.value.container).toBe('mkv');
    if (!mkv.ok) return;
    expectTags(await tagsOf(mkv.value.path), { purl: TAGS.link });
    // The attachment: Matroska's reader shows an image attachment as the cover picture (an older one as a JPEG stream).
    const streams = (await probeFile(mkv.value.path)).streams;
    expect(streams.map((stream) => stream.codec)).toEqual([expect.any(String), 'opus', 'mjpeg']);
    expect(streams.slice(0, 2).map((stream) => stream.type)).toEqual(['video', 'audio']);
  });

  it('a single M4A and MP3 are tagged in place with their cover; tagging twice leaves one cover and the same sound', async () => {
    const cover = await picture('cover2.jpg');
    for (const [name, codec] of [
      ['song.m4a', ['-c:a', 'aac']],
      ['song.mp3', ['-c:a', 'libmp3lame']],
    ] as const) {
      const file = await audio(name, [...codec]);
      for (let round = 0; round < 2; round++) {
        const tagged = await tagFile(work.ffmpeg, file, { ...TAGS, coverPath: cover });
        expect(tagged, `${name} round ${round}: ${tagged.ok ? '' : tagged.error.message}`).toEqual({ ok: true, value: true });
      }
      expectTags(await tagsOf(file), name.endsWith('.mp3') ? { purl: TAGS.link } : {});
      const { streams, durationSeconds } = await probeFile(file);
      expect(streams.filter((stream) => stream.type === 'audio')).toHaveLength(1);
      // A cover, unless this ffmpeg cannot write one into MP4 (then it is left out, not a stray video track).
      const format = name.endsWith('.mp3') ? 'mp3' : 'm4a';
      expect(streams.filter((stream) => stream.type === 'video')).toHaveLength(writesCovers(work.ffmpeg, format) ? 1 : 0);
      expect(durationSeconds).toBeCloseTo(2, 0);
      // Nothing left beside it: the temp became the file.
      expect((await exec('ls', [work.folder])).stdout).not.toMatch(/tagging/);
    }
  });

  it('a file without tags (an image) is left alone', async () => {
    const image = await picture('photo.jpg');
    const copy = path.join(work.folder, 'photo-copy.jpg');
    await copyFile(image, copy);
    const before = await stat(copy);
    expect(await tagFile(work.ffmpeg, copy, TAGS)).toEqual({ ok: true, value: false });
    expect((await stat(copy)).mtimeMs).toBe(before.mtimeMs);
  });
});

describe('iso6392For', () => {
  it('turns BCP 47 tags into the ISO 639-2 codes containers take, and refuses to guess', () => {
    expect(iso6392For('en-US')).toBe('eng');
    expect(iso6392For('ja')).toBe('jpn');
    expect(iso6392For('zh-Hans-CN')).toBe('chi');
    expect(iso6392For('pt-BR')).toBe('por');
    expect(iso6392For('deu')).toBe('deu');
    expect(iso6392For('xx')).toBeUndefined();
    expect(iso6392For('qqq')).toBeUndefined();
  });
});
