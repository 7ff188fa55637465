import { execFile, execFileSync } from 'node:child_process';
import { access, copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadFile } from '../../../src/core/download/download-file';
import { mergeStreams, type MergeProgress } from '../../../src/core/media/merge-streams';
import { probeMedia } from '../../../src/core/media/probe-media';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { extractPost, listFolder, makeFolder, removeFolder } from '../download/helpers';
import { topLevelBoxes } from './mp4-boxes';
import { systemFfmpeg } from './system-ffmpeg';

/*
 * Real ffmpeg on real streams: the sandbox's split 720p pair (h264 + aac) downloaded with
 * the downloader, and small vp9/opus/h264/aac files generated here for the other
 * containers. Every result is read back with ffmpeg.
 */

const run = promisify(execFile);
let ffmpeg: string;
let sandbox: Sandbox;
let folder: string;
let fixtures: string;

beforeAll(async () => {
  ffmpeg = await systemFfmpeg();
  sandbox = await startSandbox({ port: 0 });
  fixtures = await makeFolder();
});
afterAll(async () => {
  await sandbox.close();
  await removeFolder(fixtures);
});
beforeEach(async () => {
  folder = await makeFolder();
});
afterEach(async () => {
  await removeFolder(folder);
});

const exists = (file: string): Promise<boolean> => access(file).then(() => true, () => false);

/** Downloads the split streams of a sandbox video post's default variant. */
async function sandboxPair(id: string): Promise<{ video: string; audio: string; duration: number | undefined }> {
  const post = await extractPost(sandbox, `https://video.example/watch/${id}`);
  const media = post.medias[0]!;
  const variant = media.variants?.find((candidate) => candidate.video_url && candidate.audio_url && candidate.is_default);
  if (!variant?.video_url || !variant.audio_url) throw new Error('the sandbox offers no split default variant');
  const video = await downloadFile({ url: variant.video_url, directory: folder, fileName: `v.${variant.video_ext ?? 'mp4'}` });
  const audio = await downloadFile({ url: variant.audio_url, directory: folder, fileName: `a.${variant.audio_ext ?? 'm4a'}` });
  if (!video.ok || !audio.ok) throw new Error('download failed');
  return { video: video.path, audio: audio.path, duration: media.duration };
}

/** Small inputs with chosen codecs, made by ffmpeg once per file and copied into each test's folder. */
async function generate(name: string, kind: 'video' | 'audio', codecArgs: string[]): Promise<string> {
  const made = path.join(fixtures, name);
  if (!(await exists(made))) {
    const source = kind === 'video' ? ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x90:rate=10'] : ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'];
    await run(ffmpeg, ['-v', 'error', '-nostdin', ...source, ...codecArgs, made]);
  }
  const file = path.join(folder, name);
  await copyFile(made, file);
  return file;
}
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const VP9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'];
const AAC = ['-c:a', 'aac'];
const OPUS = ['-c:a', 'libopus'];

describe('mergeStreams on the sandbox split streams', () => {
  it('stream-copies h264 + aac with ffmpeg into a verified mp4 with its index first and removes the sources', async () => {
    const pair = await sandboxPair('merge1');
    const progress: MergeProgress[] = [];
    const result = await mergeStreams({
      ffmpegPath: ffmpeg,
      // ffmpeg's merge, which the sandbox's small pair would not get otherwise (mux-in-process).
      inProcessLimitBytes: 0,
      videoPath: pair.video,
      audioPath: pair.audio,
      baseName: 'Sandbox Creator - Sample video [merge1]',
      expectedDurationSeconds: pair.duration,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({ ok: true, value: { container: 'mp4', videoCodec: 'h264', audioCodec: 'aac' } });
    if (!result.ok) return;
    expect(result.value.path).toBe(path.join(folder, 'Sandbox Creator - Sample video [merge1].mp4'));

    const info = await probeMedia(ffmpeg, result.value.path);
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    expect(info.value.streams.map((stream) => [stream.type, stream.codec])).toEqual([['video', 'h264'], ['audio', 'aac']]);
    expect(info.value.durationSeconds).toBeCloseTo(3, 0);
    // The index (moov) comes before the media data (mdat), in room reserved for it: a free box follows it.
    const boxes = (await topLevelBoxes(result.value.path)).map((box) => box.type);
    expect(boxes.slice(0, 3)).toEqual(['ftyp', 'moov', 'free']);
    expect(boxes.at(-1)).toBe('mdat');

    expect(progress.at(-1)?.fraction).toBeGreaterThan(0.9);
    expect(await exists(pair.video)).toBe(false);
    expect(await exists(pair.audio)).toBe(false);
    expect(await listFolder(folder)).toEqual(['Sandbox Creator - Sample video [merge1].mp4']);
  });

  it('keeps the sources when asked, and never overwrites an earlier result', async () => {
    const pair = await sandboxPair('merge2');
    const request = { ffmpegPath: ffmpeg, videoPath: pair.video, audioPath: pair.audio, baseName: 'clip', keepSources: true };
    const first = await mergeStreams(request);
    const second = await mergeStreams(request);
    expect(first).toMatchObject({ ok: true, value: { path: path.join(folder, 'clip.mp4') } });
    expect(second).toMatchObject({ ok: true, value: { path: path.join(folder, 'clip (1).mp4') } });
    expect(await listFolder(folder)).toEqual(['a.m4a', 'clip (1).mp4', 'clip.mp4', 'v.mp4']);
  });

  it('falls back to +faststart when the room reserved for the index is too small', async () => {
    const pair = await sandboxPair('merge4');
    const result = await mergeStreams({ ffmpegPath: ffmpeg, videoPath: pair.video, audioPath: pair.audio, baseName: 'clip', indexReserveBytes: 64, inProcessLimitBytes: 0 });
    expect(result).toMatchObject({ ok: true, value: { container: 'mp4', path: path.join(folder, 'clip.mp4') } });
    if (!result.ok) return;
    const boxes = await topLevelBoxes(result.value.path);
    expect(boxes.map((box) => box.type)).toEqual(['ftyp', 'moov', 'free', 'mdat']);
    // +faststart leaves only its 8-byte placeholder, not 64 bytes of unused room.
    expect(boxes[2]?.size).toBe(8);
    const info = await probeMedia(ffmpeg, result.value.path);
    expect(info.ok && info.value.streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
    expect(await listFolder(folder)).toEqual(['clip.mp4']);
  });

  it('refuses a result whose duration is not the expected one, keeping the sources', async () => {
    const pair = await sandboxPair('merge3');
    const result = await mergeStreams({ ffmpegPath: ffmpeg, videoPath: pair.video, audioPath: pair.audio, baseName: 'clip', expectedDurationSeconds: 30 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'media', code: 'verify_failed' } });
    if (!result.ok) expect(result.error.message).toContain('30');
    expect(await listFolder(folder)).toEqual(['a.m4a', 'v.mp4']);
  });
});

describe('mergeStreams container choice', () => {
  it.each([
    ['vp9 + opus → webm', 'v.webm', VP9, 'a.webm', OPUS, 'webm', 'vp9', 'opus'],
    ['h264 + opus → mkv', 'v.mp4', H264, 'a.webm', OPUS, 'mkv', 'h264', 'opus'],
    ['vp9 + aac → mkv', 'v.webm', VP9, 'a.m4a', AAC, 'mkv', 'vp9', 'aac'],
  ])('%s', async (_label, videoName, videoArgs, audioName, audioArgs, container, videoCodec, audioCodec) => {
    const videoPath = await generate(videoName, 'video', videoArgs);
    const audioPath = await generate(audioName, 'audio', audioArgs);
    const result = await mergeStreams({ ffmpegPath: ffmpeg, videoPath, audioPath, baseName: 'out' });
    expect(result).toMatchObject({ ok: true, value: { container, videoCodec, audioCodec, path: path.join(folder, `out.${container}`) } });
    if (!result.ok) return;
    const info = await probeMedia(ffmpeg, result.value.path);
    expect(info.ok && info.value.streams.map((stream) => stream.codec)).toEqual([videoCodec, audioCodec]);
    expect(info.ok && info.value.durationSeconds).toBeCloseTo(1, 0);
  });
});

describe('mergeStreams planned from the inputs\' own indexes', () => {
  it('reports the codecs ffmpeg read, not the guess from the sample format (MP3 stored as mp4a)', async () => {
    const videoPath = await generate('v.mp4', 'video', H264);
    const audioPath = await generate('mp3-audio.mp4', 'audio', ['-c:a', 'libmp3lame']);
    const result = await mergeStreams({ ffmpegPath: ffmpeg, videoPath, audioPath, baseName: 'out' });
    expect(result).toMatchObject({ ok: true, value: { container: 'mp4', videoCodec: 'h264', audioCodec: 'mp3' } });
    if (!result.ok) return;
    const info = await probeMedia(ffmpeg, result.value.path);
    expect(info.ok && info.value.streams.map((stream) => stream.codec)).toEqual(['h264', 'mp3']);
    expect((await topLevelBoxes(result.value.path)).map((box) => box.type).slice(0, 2)).toEqual(['ftyp', 'moov']);
  });

  it('asks ffmpeg about a fragmented MP4, whose index does not list its samples', async () => {
    const videoPath = await generate('fragmented.mp4', 'video', [...H264, '-movflags', 'frag_keyframe+empty_moov']);
    const audioPath = await generate('a.m4a', 'audio', AAC);
    const result = await mergeStreams({ ffmpegPath: ffmpeg, videoPath, audioPath, baseName: 'out' });
    expect(result).toMatchObject({ ok: true, value: { container: 'mp4', videoCodec: 'h264', audioCodec: 'aac' } });
    if (!result.ok) return;
    expect(result.value.durationSeconds).toBeCloseTo(1, 0);
    const boxes = (await topLevelBoxes(result.value.path)).map((box) => box.type);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  });
});

describe('mergeStreams with bad input or a cancel', () => {
  it('reports an unreadable audio file as invalid input and touches nothing', async () => {
    const videoPath = await generate('v.mp4', 'video', H264);
    const audioPath = path.join(folder, 'a.m4a');
    await writeFile(audioPath, Buffer.alloc(5000, 7));
    const result = await mergeStreams({ ffmpegPath: ffmpeg, videoPath, audioPath, baseName: 'out' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', retryable: false } });
    expect(await listFolder(folder)).toEqual(['a.m4a', 'v.mp4']);
  });

  it('reports an "audio" file without an audio stream', async () => {
    const videoPath = await generate('v.mp4', 'video', H264);
    const result = await mergeStreams({ ffmpegPath: ffmpeg, videoPath, audioPath: videoPath, baseName: 'out' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!result.ok) expect(result.error.message).toContain('no audio stream');
  });

  it('kills ffmpeg on cancel and leaves no temp file', async () => {
    const videoPath = await generate('v.mp4', 'video', H264);
    // A named pipe nobody writes to: ffmpeg waits on it until it is killed.
    const audioPath = path.join(folder, 'a.m4a');
    execFileSync('mkfifo', [audioPath]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = await mergeStreams({ ffmpegPath: ffmpeg, videoPath, audioPath, baseName: 'out', signal: controller.signal });
    expect(result).toMatchObject({ ok: false, error: { code: 'canceled' } });
    expect(await listFolder(folder)).toEqual(['a.m4a', 'v.mp4']);
  });

  it('refuses an incomplete request with a clear message', async () => {
    const result = await mergeStreams({ ffmpegPath: ffmpeg, videoPath: '', audioPath: 'a', baseName: 'x' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!result.ok) expect(result.error.message).toContain('videoPath');
  });
});
