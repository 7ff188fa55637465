import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFfmpeg } from '../../src/sandbox/media/ffmpeg-path';
import { SAMPLE_NAMES, loadSamples, sampleDir } from '../../src/sandbox/media/samples';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trove-sandbox-samples-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('sample media cache', () => {
  it('generates once when several loaders start together, then reuses the cache', async () => {
    let generations = 0;
    const ffmpeg = (): Promise<string> => {
      generations += 1;
      return sampleFfmpeg(undefined);
    };
    const libraries = await Promise.all([loadSamples(root, ffmpeg), loadSamples(root, ffmpeg), loadSamples(root, ffmpeg)]);
    expect(generations).toBe(1);
    for (const library of libraries) expect([...library.keys()].sort()).toEqual([...SAMPLE_NAMES].sort());
    expect(libraries[1]?.get('video-720.mp4')?.equals(libraries[0]?.get('video-720.mp4') ?? Buffer.alloc(0))).toBe(true);

    await loadSamples(root, ffmpeg);
    expect(generations).toBe(1);
    // Only the versioned cache folder remains: no lock, no temporary folder.
    expect(await readdir(root)).toEqual([sampleDir(root).slice(root.length + 1)]);
  });
});

describe('sampleFfmpeg', () => {
  it('uses the explicit path, then FFMPEG_PATH, then the ffmpeg bundled with Trove', async () => {
    // No ffmpeg on PATH: the samples are still made, with a binary from node_modules.
    const bundled = await sampleFfmpeg(undefined, { PATH: '' });
    expect(bundled).toMatch(/[\\/]node_modules[\\/](ffmpeg-static|@ffmpeg-installer)[\\/]/);
    expect(await sampleFfmpeg(bundled, { FFMPEG_PATH: '/nowhere/ffmpeg' })).toBe(bundled);
    expect(await sampleFfmpeg(undefined, { FFMPEG_PATH: bundled, PATH: '' })).toBe(bundled);
    await expect(sampleFfmpeg('/nowhere/ffmpeg', { PATH: '' })).rejects.toThrow(/Sandbox option ffmpegPath \(\/nowhere\/ffmpeg\) does not work: no such file/);
    await expect(sampleFfmpeg(undefined, { FFMPEG_PATH: '/nowhere/ffmpeg' })).rejects.toThrow(/FFMPEG_PATH \(\/nowhere\/ffmpeg\) does not work/);
  });
});
