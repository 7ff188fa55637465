import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSchema } from '../../src/shared/post';
import { probeFile, systemFfmpeg } from '../core/media/system-ffmpeg';
import { extract } from './helpers/api';
import { useSandbox } from './helpers/sandbox';

const run = promisify(execFile);
const sandbox = useSandbox();

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trove-sandbox-merge-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function streams(file: string): Promise<string[]> {
  return (await probeFile(file)).streams.map((stream) => `${stream.type}:${stream.codec}`);
}

async function download(url: string, name: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const file = join(dir, name);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

describe('the served media are real, playable files', () => {
  it('ffmpeg merges a split-stream pair into one file with exactly one video and one audio stream', async () => {
    const post = postSchema.parse((await extract(sandbox(), 'v1', 'post', { url: 'https://video.example/watch/merge' })).json);
    const split = post.medias[0]?.variants?.find((v) => v.is_default);
    expect(split?.video_url && split.audio_url).toBeTruthy();
    const video = await download(split?.video_url ?? '', 'video.mp4');
    const audio = await download(split?.audio_url ?? '', 'audio.m4a');
    expect(await streams(video)).toEqual(['video:h264']);
    expect(await streams(audio)).toEqual(['audio:aac']);

    const merged = join(dir, 'merged.mp4');
    await run(await systemFfmpeg(), ['-v', 'error', '-y', '-i', video, '-i', audio, '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', merged]);
    expect(await streams(merged)).toEqual(['video:h264', 'audio:aac']);
  });

  it('the single-file variant has both streams, the music item is an MP3', async () => {
    const video = postSchema.parse((await extract(sandbox(), 'v1', 'post', { url: 'https://video.example/watch/single' })).json);
    expect(await streams(await download(video.medias[0]?.variants?.[0]?.video_url ?? '', 'single.mp4'))).toEqual([
      'video:h264',
      'audio:aac',
    ]);
    const music = postSchema.parse((await extract(sandbox(), 'v1', 'post', { url: 'https://music.example/t/tune' })).json);
    expect(await streams(await download(music.medias[0]?.resource_url ?? '', 'music.mp3'))).toEqual(['audio:mp3']);
  });

  it('the video variants have the heights their quality promises', async () => {
    const post = postSchema.parse((await extract(sandbox(), 'v1', 'post', { url: 'https://video.example/watch/heights' })).json);
    for (const variant of post.medias[0]?.variants ?? []) {
      const file = await download(variant.video_url ?? '', `h${variant.quality}.mp4`);
      const [video] = (await probeFile(file)).streams.filter((stream) => stream.type === 'video');
      expect(video?.height).toBe(variant.quality);
    }
  });
});
