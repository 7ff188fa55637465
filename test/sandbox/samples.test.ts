import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg } from '../../src/sandbox/media/ffmpeg-path';
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
    const ffmpeg = (): string => {
      generations += 1;
      return locateFfmpeg(undefined);
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

describe('locateFfmpeg', () => {
  it('prefers the explicit path, then FFMPEG_PATH, then PATH', () => {
    const found = locateFfmpeg(undefined, { PATH: '/nowhere:/usr/bin' });
    expect(found).toBe('/usr/bin/ffmpeg');
    expect(locateFfmpeg(undefined, { FFMPEG_PATH: found, PATH: '' })).toBe(found);
    expect(() => locateFfmpeg(undefined, { PATH: '/nowhere' })).toThrow(/FFMPEG_PATH/);
    expect(() => locateFfmpeg('/nowhere/ffmpeg', { PATH: '/usr/bin' })).toThrow(/\/nowhere\/ffmpeg/);
  });
});
