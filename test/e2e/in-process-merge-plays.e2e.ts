import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeStreams } from '../../src/core/media/merge-streams';
import { fileResponse } from '../../src/node-shared/media';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { makeFolder, removeFolder } from '../core/download/helpers';
import { systemFfmpeg } from '../core/media/system-ffmpeg';

/*
 * A split pair merged in-process (mux-in-process: given no ffmpeg, the merge can only have
 * been done that way) plays in Debian's Chromium, served by the app's own file responses
 * (ranges included) on 127.0.0.1.
 */

const exec = promisify(execFile);
let folder: string;
let server: Server | undefined;

beforeAll(async () => {
  folder = await makeFolder();
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await removeFolder(folder);
});

describe('an in-process merge plays in Chromium', () => {
  it('reaches readyState ≥ 2, plays forward and has the right duration', async () => {
    const ffmpeg = await systemFfmpeg();
    const make = (name: string, args: string[]) => exec(ffmpeg, ['-v', 'error', '-nostdin', '-y', ...args, path.join(folder, name)]);
    await make('v.mp4', ['-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x180:rate=24', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
    await make('a.m4a', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-c:a', 'aac']);
    await make('cover.jpg', ['-f', 'lavfi', '-i', 'testsrc=size=160x90', '-frames:v', '1']);
    const result = await mergeStreams({
      ffmpegPath: '/nonexistent/ffmpeg',
      videoPath: path.join(folder, 'v.mp4'),
      audioPath: path.join(folder, 'a.m4a'),
      baseName: 'out',
      tags: { title: 'Played', link: 'https://video.example/watch/plays', site: 'video.example', coverPath: path.join(folder, 'cover.jpg') },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const file = result.value.path;
    server = createServer((request, response) => {
      void fileResponse(file, request.headers.range).then(({ status, headers, body }) => {
        response.writeHead(status, headers);
        if (body) body().pipe(response);
        else response.end();
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      // Any page of the same origin: the file is the only thing the server answers with.
      await page.goto(`http://127.0.0.1:${port}/`);
      const played = await page.evaluate(async (url) => {
        const video = document.createElement('video');
        video.muted = true;
        video.src = url;
        document.body.append(video);
        await new Promise<void>((resolve, reject) => {
          video.addEventListener('loadeddata', () => resolve(), { once: true });
          video.addEventListener('error', () => reject(new Error(`media error ${video.error?.code}: ${video.error?.message}`)), { once: true });
        });
        const readyState = video.readyState;
        await video.play();
        await new Promise<void>((resolve) => {
          const check = () => (video.currentTime > 0.5 ? resolve() : requestAnimationFrame(check));
          check();
        });
        return { readyState, currentTime: video.currentTime, duration: video.duration, width: video.videoWidth };
      }, `http://127.0.0.1:${port}/out.mp4`);
      expect(played.readyState).toBeGreaterThanOrEqual(2);
      expect(played.currentTime).toBeGreaterThan(0.5);
      expect(played.duration).toBeCloseTo(4, 1);
      expect(played.width).toBe(320);
    } finally {
      await browser.close();
    }
  });
});
