import { execFile } from 'node:child_process';
import { copyFile, readdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileTags } from '../../../src/core/media/file-tags';
import { mergeStreams, type MergeProgress, type MergeRequest } from '../../../src/core/media/merge-streams';
import { factsOfTags } from '../../../src/core/rebuild/file-facts';
import { makeFolder, removeFolder } from '../download/helpers';
import { topLevelBoxes } from './mp4-boxes';
import { oldBundledFfmpeg, probeFile, systemFfmpeg, tagsOf } from './system-ffmpeg';

/*
 * The in-process merge (mux-in-process) against ffmpeg's, on small pairs made here by the
 * ffmpeg the app finds. A merge given an ffmpeg that does not exist can only have been
 * done in-process; one that fails with ffmpeg_not_found went to ffmpeg. Playback in
 * Chromium: test/e2e/in-process-merge-plays.e2e.ts.
 */

const exec = promisify(execFile);
const NO_FFMPEG = '/nonexistent/ffmpeg';
let ffmpeg: string;
let fixtures: string;
let folder: string;

beforeAll(async () => {
  ffmpeg = await systemFfmpeg();
  fixtures = await makeFolder();
});
afterAll(() => removeFolder(fixtures));
beforeEach(async (context) => {
  folder = await makeFolder();
  context.onTestFinished(() => removeFolder(folder));
});

const made = new Map<string, Promise<void>>();
/** A 4 s input (the sandbox's length) made once, copied into the test's folder. */
async function input(name: string, kind: 'video' | 'audio' | 'cover', codecArgs: string[] = []): Promise<string> {
  const source = path.join(fixtures, name);
  const sources = {
    video: ['-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x180:rate=24', '-an'],
    audio: ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-vn'],
    cover: ['-f', 'lavfi', '-i', 'testsrc=size=160x90', '-frames:v', '1'],
  };
  if (!made.has(name)) made.set(name, exec(ffmpeg, ['-v', 'error', '-nostdin', '-y', ...sources[kind], ...codecArgs, source]).then(() => undefined));
  await made.get(name);
  const file = path.join(folder, name);
  await copyFile(source, file);
  return file;
}
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const AAC = ['-c:a', 'aac', '-b:a', '64k'];
const h264Aac = async () => ({ videoPath: await input('v.mp4', 'video', H264), audioPath: await input('a.m4a', 'audio', AAC) });

const TAGS: FileTags = {
  title: 'Sample video: ünïcode & "quotes" = ;#',
  artist: 'Sandbox Creator',
  date: '2024-02-01',
  description: 'Line one\nLine two',
  link: 'https://video.example/watch/abc',
  site: 'video.example',
  audioLanguage: 'ja-JP',
  mediaIndex: 1,
  mediaCount: 3,
};

/** The keys src/core/rebuild reads (file-facts), as they come out of a file (ffmpeg's ffmetadata writer, as the rebuild reads them). */
const REBUILD_KEYS = ['title', 'artist', 'date', 'description', 'comment', 'purl', 'network', 'track'];
const rebuildKeys = (tags: Record<string, string>) => Object.fromEntries(REBUILD_KEYS.filter((key) => key in tags).map((key) => [key, tags[key]]));

const merge = (request: Omit<MergeRequest, 'ffmpegPath' | 'baseName'> & Partial<MergeRequest>) => mergeStreams({ ffmpegPath: NO_FFMPEG, baseName: 'out', ...request });

describe('the in-process merge of a small MP4 pair', () => {
  it('merges h264 + aac without ffmpeg: index first, one video and one audio stream, the duration, progress, sources removed', async () => {
    const progress: MergeProgress[] = [];
    const result = await merge({ ...(await h264Aac()), expectedDurationSeconds: 4, onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ ok: true, value: { container: 'mp4', videoCodec: 'h264', audioCodec: 'aac', path: path.join(folder, 'out.mp4') } });
    if (!result.ok) return;
    expect(result.value.durationSeconds).toBeCloseTo(4, 1);
    const info = await probeFile(result.value.path);
    expect(info.streams.map((stream) => [stream.type, stream.codec])).toEqual([['video', 'h264'], ['audio', 'aac']]);
    expect(info.durationSeconds).toBeCloseTo(4, 1);
    expect((await topLevelBoxes(result.value.path)).map((box) => box.type)).toEqual(['ftyp', 'moov', 'mdat']);
    expect(progress.at(-1)).toMatchObject({ fraction: 1, durationSeconds: 4 });
    expect(await readdir(folder)).toEqual(['out.mp4']);
  });

  it.skipIf(oldBundledFfmpeg !== undefined)(`writes the same tags, audio language and cover as ffmpeg's merge of the same inputs${oldBundledFfmpeg ? ` — ${oldBundledFfmpeg}` : ''}`, async () => {
    const cover = await input('cover.jpg', 'cover');
    const tags = { ...TAGS, coverPath: cover };
    const inProcess = await merge({ ...(await h264Aac()), baseName: 'fast', keepSources: true, tags });
    const byFfmpeg = await mergeStreams({ ...(await h264Aac()), ffmpegPath: ffmpeg, baseName: 'ffmpeg', keepSources: true, tags, inProcessLimitBytes: 0 });
    expect(inProcess.ok && byFfmpeg.ok).toBe(true);
    if (!inProcess.ok || !byFfmpeg.ok) return;
    const [fast, slow] = await Promise.all([tagsOf(inProcess.value.path), tagsOf(byFfmpeg.value.path)]);
    expect(rebuildKeys(fast)).toEqual(rebuildKeys(slow));
    expect(rebuildKeys(fast)).toEqual({ title: TAGS.title, artist: TAGS.artist, date: TAGS.date, description: TAGS.description, comment: TAGS.link, network: TAGS.site, track: '2/3' });
    expect(factsOfTags(fast)).toEqual(factsOfTags(slow));
    const [fastInfo, slowInfo] = await Promise.all([probeFile(inProcess.value.path), probeFile(byFfmpeg.value.path)]);
    const shape = (streams: typeof fastInfo.streams) => streams.map(({ type, codec, language, attachedPicture }) => ({ type, codec, language, attachedPicture }));
    expect(shape(fastInfo.streams)).toEqual(shape(slowInfo.streams));
    expect(shape(fastInfo.streams)).toEqual([
      { type: 'video', codec: 'h264', language: undefined, attachedPicture: undefined },
      { type: 'audio', codec: 'aac', language: 'jpn', attachedPicture: undefined },
      { type: 'video', codec: 'mjpeg', language: undefined, attachedPicture: true },
    ]);
    expect(fastInfo.durationSeconds).toBeCloseTo(slowInfo.durationSeconds ?? 0, 1);
  });

  it.each([
    ['hevc + aac', 'v-hevc.mp4', ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'], 'a.m4a', AAC, 'hevc', 'aac'],
    ['h264 + mp3 in MP4', 'v.mp4', H264, 'a-mp3.mp4', ['-c:a', 'libmp3lame'], 'h264', 'mp3'],
  ])('merges %s without ffmpeg', async (_label, videoName, videoArgs, audioName, audioArgs, videoCodec, audioCodec) => {
    const result = await merge({ videoPath: await input(videoName, 'video', videoArgs), audioPath: await input(audioName, 'audio', audioArgs) });
    expect(result).toMatchObject({ ok: true, value: { container: 'mp4', videoCodec, audioCodec } });
    if (!result.ok) return;
    expect((await probeFile(result.value.path)).streams.map((stream) => stream.codec)).toEqual([videoCodec, audioCodec]);
  });

  it('stops on cancel and leaves no temp, the sources kept', async () => {
    const result = await merge({ ...(await h264Aac()), signal: AbortSignal.abort() });
    expect(result).toMatchObject({ ok: false, error: { code: 'canceled' } });
    expect((await readdir(folder)).sort()).toEqual(['a.m4a', 'v.mp4']);
  });
});

describe('what still goes to ffmpeg', () => {
  it.each([
    ['vp9 + opus (WebM)', 'v.webm', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'], 'a.webm', ['-c:a', 'libopus'], 'webm'],
    ['h264 + opus (Matroska)', 'v.mp4', H264, 'a-opus.mp4', ['-c:a', 'libopus', '-strict', '-2'], 'mkv'],
  ])('%s', async (_label, videoName, videoArgs, audioName, audioArgs, container) => {
    const pair = { videoPath: await input(videoName, 'video', videoArgs), audioPath: await input(audioName, 'audio', audioArgs), keepSources: true };
    expect(await merge(pair)).toMatchObject({ ok: false, error: { code: 'ffmpeg_not_found' } });
    expect(await merge({ ...pair, ffmpegPath: ffmpeg })).toMatchObject({ ok: true, value: { container } });
  });

  it('a pair over the size limit', async () => {
    const pair = { ...(await h264Aac()), keepSources: true, inProcessLimitBytes: 50_000 };
    expect(await merge(pair)).toMatchObject({ ok: false, error: { code: 'ffmpeg_not_found' } });
    const result = await merge({ ...pair, ffmpegPath: ffmpeg });
    expect(result).toMatchObject({ ok: true, value: { container: 'mp4' } });
    // ffmpeg's merge: its index in room reserved up front, a free box after it.
    if (result.ok) expect((await topLevelBoxes(result.value.path)).map((box) => box.type).slice(0, 3)).toEqual(['ftyp', 'moov', 'free']);
  });

  it('a PNG cover, which ffmpeg converts to JPEG', async () => {
    const cover = await input('cover.png', 'cover');
    expect(await merge({ ...(await h264Aac()), tags: { ...TAGS, coverPath: cover } })).toMatchObject({ ok: false, error: { code: 'ffmpeg_not_found' } });
  });

  it('an unreadable input: ffmpeg\'s answer, the same as without the in-process path', async () => {
    const { videoPath, audioPath } = await h264Aac();
    await writeFile(audioPath, Buffer.alloc(5000, 7));
    expect(await merge({ videoPath, audioPath })).toMatchObject({ ok: false, error: { code: 'ffmpeg_not_found' } });
    const withPath = await merge({ videoPath, audioPath, ffmpegPath: ffmpeg });
    const ffmpegOnly = await merge({ videoPath, audioPath, ffmpegPath: ffmpeg, inProcessLimitBytes: 0 });
    expect(withPath).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(withPath).toEqual(ffmpegOnly);
    expect((await readdir(folder)).sort()).toEqual(['a.m4a', 'v.mp4']);
  });

  it('a video cut short: the in-process result fails its checks, and ffmpeg\'s merge gives the same answer as without that path', async () => {
    const { videoPath, audioPath } = await h264Aac();
    // The index (first, as ffmpeg wrote it) promises 4 s; half the media data is gone.
    const boxes = await topLevelBoxes(videoPath);
    const mdat = boxes.find((box) => box.type === 'mdat');
    await truncate(videoPath, (mdat?.offset ?? 0) + Math.floor((mdat?.size ?? 0) / 2));
    const request = { videoPath, audioPath, ffmpegPath: ffmpeg, keepSources: true, expectedDurationSeconds: 4 };
    const withPath = await merge(request);
    const ffmpegOnly = await merge({ ...request, inProcessLimitBytes: 0 });
    expect(withPath.ok).toBe(ffmpegOnly.ok);
    if (!withPath.ok && !ffmpegOnly.ok) expect(withPath.error.code).toBe(ffmpegOnly.error.code);
    if (withPath.ok && ffmpegOnly.ok) expect(await topLevelBoxes(withPath.value.path)).toContainEqual(expect.objectContaining({ type: 'free' }));
  });
});
