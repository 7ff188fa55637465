import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../src/shared/errors';
import { BUNDLED_FFMPEGS, unpackedAsarPath, type BundledFfmpeg } from '../../../src/core/media/bundled-ffmpeg';
import { ffmpegVersion, locateFfmpeg } from '../../../src/core/media/locate-ffmpeg';

/*
 * Real binaries: the ffmpeg that @ffmpeg-installer/ffmpeg (a dependency) ships in its npm
 * package, so this runs on machines without ffmpeg too, reached through each source in
 * turn; broken candidates are real files that are not ffmpeg.
 */

const [ffmpegStatic, ffmpegInstaller] = BUNDLED_FFMPEGS as [BundledFfmpeg, BundledFfmpeg];
const found = (binary: string) => async (): Promise<Result<string, string>> => ({ ok: true, value: binary });
const absent = (why: string) => async (): Promise<Result<string, string>> => ({ ok: false, error: why });
const staticAbsent: BundledFfmpeg = { ...ffmpegStatic, find: absent('not installed') };

let realFfmpeg: string;
let realVersion: string;
let folder: string;
let pathDir: string;
let notFfmpeg: string;
let notExecutable: string;
beforeAll(async () => {
  const shipped = await ffmpegInstaller.find();
  if (!shipped.ok) throw new Error(`@ffmpeg-installer/ffmpeg has no binary here: ${shipped.error}`);
  realFfmpeg = shipped.value;
  const version = await ffmpegVersion(realFfmpeg);
  if (!version.ok) throw new Error(version.error);
  realVersion = version.value;
  folder = await mkdtemp(path.join(os.tmpdir(), 'trove-ffmpeg-'));
  pathDir = path.join(folder, 'bin');
  await mkdir(pathDir);
  await symlink(realFfmpeg, path.join(pathDir, 'ffmpeg'));
  notFfmpeg = path.join(folder, 'not-ffmpeg');
  await writeFile(notFfmpeg, '#!/bin/sh\necho hello\n');
  await chmod(notFfmpeg, 0o755);
  notExecutable = path.join(folder, 'not-executable');
  await writeFile(notExecutable, '');
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('locateFfmpeg', () => {
  it('prefers the user setting and reports the version', async () => {
    const located = await locateFfmpeg({ setting: realFfmpeg, env: { FFMPEG_PATH: notFfmpeg }, bundled: [] });
    expect(located).toEqual({ ok: true, value: { path: realFfmpeg, version: realVersion, source: 'setting' } });
  });

  it('then FFMPEG_PATH', async () => {
    const located = await locateFfmpeg({ setting: '  ', env: { FFMPEG_PATH: realFfmpeg }, bundled: [] });
    expect(located).toMatchObject({ ok: true, value: { path: realFfmpeg, source: 'environment' } });
  });

  it('then ffmpeg-static, then PATH, then @ffmpeg-installer/ffmpeg as the last resort, and says which', async () => {
    const both = [{ ...ffmpegStatic, find: found(realFfmpeg) }, ffmpegInstaller];
    expect(await locateFfmpeg({ env: { PATH: pathDir }, bundled: both })).toMatchObject({ ok: true, value: { path: realFfmpeg, source: 'ffmpeg-static' } });
    const onPath = await locateFfmpeg({ env: { PATH: pathDir }, bundled: [staticAbsent, ffmpegInstaller] });
    expect(onPath).toEqual({ ok: true, value: { path: path.join(pathDir, 'ffmpeg'), version: realVersion, source: 'path' } });
    const fallback = await locateFfmpeg({ env: { PATH: '/nonexistent' }, bundled: [staticAbsent, ffmpegInstaller] });
    expect(fallback).toEqual({ ok: true, value: { path: realFfmpeg, version: realVersion, source: 'ffmpeg-installer' } });
  });

  it('finds a bundled ffmpeg with nothing on PATH and nothing configured', async () => {
    const located = await locateFfmpeg({ env: { PATH: '' } });
    expect(located.ok && located.value.source).toMatch(/^(ffmpeg-static|ffmpeg-installer)$/);
    expect(located.ok && located.value.path).toMatch(/[\\/]node_modules[\\/]/);
  });

  it('then ffmpeg on PATH, also when a bundled binary is broken', async () => {
    const located = await locateFfmpeg({ env: { PATH: `/nonexistent:${pathDir}` }, bundled: [{ ...ffmpegStatic, find: found(notFfmpeg) }] });
    expect(located).toEqual({ ok: true, value: { path: path.join(pathDir, 'ffmpeg'), source: 'path', version: realVersion } });
  });

  it('reports a broken explicit choice, and why, instead of silently using another ffmpeg', async () => {
    const setting = await locateFfmpeg({ setting: notFfmpeg, env: { PATH: pathDir }, bundled: [ffmpegInstaller] });
    expect(setting).toMatchObject({ ok: false, error: { kind: 'media', code: 'ffmpeg_not_found', retryable: false } });
    expect(!setting.ok && setting.error.message).toBe(
      `Settings → ffmpeg (${notFfmpeg}) does not work: it is not an ffmpeg binary. ` +
        'Correct it, or clear it to let Trove find ffmpeg itself (bundled, else on PATH).',
    );
    const missing = await locateFfmpeg({ env: { FFMPEG_PATH: path.join(folder, 'missing'), PATH: pathDir }, bundled: [ffmpegInstaller] });
    expect(!missing.ok && missing.error.message).toMatch(/^FFMPEG_PATH \(.+missing\) does not work: no such file\./);
    const locked = await locateFfmpeg({ env: { FFMPEG_PATH: notExecutable }, bundled: [ffmpegInstaller] });
    expect(!locked.ok && locked.error.message).toMatch(/^FFMPEG_PATH \(.+not-executable\) does not work: it is not executable\./);
  });

  it('names every candidate it tried and why each failed, then how to get ffmpeg', async () => {
    const brokenPathDir = path.join(folder, 'broken-bin');
    await mkdir(brokenPathDir);
    await symlink(notFfmpeg, path.join(brokenPathDir, 'ffmpeg'));
    const bundled = [staticAbsent, { ...ffmpegInstaller, find: absent('it has no build for plan9-mips') }];

    const none = await locateFfmpeg({ env: { PATH: `${folder}:/nonexistent` }, bundled });
    const broken = await locateFfmpeg({ env: { PATH: brokenPathDir }, bundled });

    expect(none).toMatchObject({ ok: false, error: { code: 'ffmpeg_not_found' } });
    expect(!none.ok && none.error.message).toBe(
      'No working ffmpeg was found. Tried in order: Settings → ffmpeg: not set; FFMPEG_PATH: not set; ffmpeg-static: not installed; ' +
        `PATH: no ffmpeg in ${folder}:/nonexistent; @ffmpeg-installer/ffmpeg: it has no build for plan9-mips. ` +
        'Reinstall Trove (from source: `npm install`) to restore its bundled ffmpeg, install ffmpeg (https://ffmpeg.org/download.html; ' +
        'e.g. `apt install ffmpeg`, `brew install ffmpeg`, `winget install ffmpeg`), or set the full path of a working ffmpeg in Settings → ffmpeg or in FFMPEG_PATH.',
    );
    expect(!broken.ok && broken.error.message).toContain(`PATH: ${path.join(brokenPathDir, 'ffmpeg')} does not work (it is not an ffmpeg binary)`);
  });
});

describe('the bundled packages', () => {
  it('@ffmpeg-installer/ffmpeg gives the binary of its package for this platform', async () => {
    const shipped = await ffmpegInstaller.find();
    expect(shipped.ok && shipped.value).toContain(path.join('node_modules', '@ffmpeg-installer', `${process.platform}-${process.arch}`, 'ffmpeg'));
  });

  it('ffmpeg-static gives its binary or says plainly why not', async () => {
    const shipped = await ffmpegStatic.find();
    if (shipped.ok) expect(shipped.value).toContain(path.join('node_modules', 'ffmpeg-static', 'ffmpeg'));
    else expect(shipped.error).toMatch(/^(not installed|installed without its binary \(.+\): its install script, which downloads it, did not run or failed)$/);
  });
});

describe('unpackedAsarPath', () => {
  it.each([
    ['/Applications/Trove.app/Contents/Resources/app.asar/node_modules/ffmpeg-static/ffmpeg', '/Applications/Trove.app/Contents/Resources/app.asar.unpacked/node_modules/ffmpeg-static/ffmpeg'],
    ['C:\\Program Files\\Trove\\resources\\app.asar\\node_modules\\ffmpeg-static\\ffmpeg.exe', 'C:\\Program Files\\Trove\\resources\\app.asar.unpacked\\node_modules\\ffmpeg-static\\ffmpeg.exe'],
    ['/opt/Trove/resources/app.asar.unpacked/node_modules/ffmpeg-static/ffmpeg', '/opt/Trove/resources/app.asar.unpacked/node_modules/ffmpeg-static/ffmpeg'],
    ['/home/me/trove/node_modules/ffmpeg-static/ffmpeg', '/home/me/trove/node_modules/ffmpeg-static/ffmpeg'],
  ])('%s', (input, expected) => {
    expect(unpackedAsarPath(input)).toBe(expected);
  });
});
