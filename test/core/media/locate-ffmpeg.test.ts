import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg, unpackedAsarPath } from '../../../src/core/media/locate-ffmpeg';

/*
 * Real binaries: the system ffmpeg (installed on build machines), reached through each
 * source in turn; broken candidates are real files that are not ffmpeg.
 */

const SYSTEM_FFMPEG = execFileSync('sh', ['-c', 'command -v ffmpeg']).toString().trim();
const SYSTEM_VERSION = /^ffmpeg version (\S+)/.exec(execFileSync(SYSTEM_FFMPEG, ['-version']).toString())?.[1];
const nothingBundled = async (): Promise<undefined> => undefined;

let folder: string;
let pathDir: string;
let notFfmpeg: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'trove-ffmpeg-'));
  pathDir = path.join(folder, 'bin');
  execFileSync('mkdir', [pathDir]);
  await symlink(SYSTEM_FFMPEG, path.join(pathDir, 'ffmpeg'));
  notFfmpeg = path.join(folder, 'not-ffmpeg');
  await writeFile(notFfmpeg, '#!/bin/sh\necho hello\n');
  await chmod(notFfmpeg, 0o755);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('locateFfmpeg', () => {
  it('prefers the user setting and reports the version', async () => {
    const found = await locateFfmpeg({ setting: SYSTEM_FFMPEG, env: { FFMPEG_PATH: notFfmpeg }, loadBundled: nothingBundled });
    expect(found).toEqual({ ok: true, value: { path: SYSTEM_FFMPEG, version: SYSTEM_VERSION, source: 'setting' } });
  });

  it('then FFMPEG_PATH', async () => {
    const found = await locateFfmpeg({ setting: '  ', env: { FFMPEG_PATH: SYSTEM_FFMPEG }, loadBundled: nothingBundled });
    expect(found).toMatchObject({ ok: true, value: { path: SYSTEM_FFMPEG, source: 'environment' } });
  });

  it('then the bundled ffmpeg-static binary', async () => {
    const found = await locateFfmpeg({ env: { PATH: pathDir }, loadBundled: async () => SYSTEM_FFMPEG });
    expect(found).toMatchObject({ ok: true, value: { path: SYSTEM_FFMPEG, source: 'bundled' } });
  });

  it('then ffmpeg on PATH, also when the bundled binary is broken', async () => {
    const found = await locateFfmpeg({ env: { PATH: `/nonexistent:${pathDir}` }, loadBundled: async () => notFfmpeg });
    expect(found).toMatchObject({ ok: true, value: { path: path.join(pathDir, 'ffmpeg'), source: 'path', version: SYSTEM_VERSION } });
  });

  it('reports a broken explicit choice instead of silently using another ffmpeg', async () => {
    const setting = await locateFfmpeg({ setting: notFfmpeg, env: { PATH: pathDir }, loadBundled: nothingBundled });
    expect(setting).toMatchObject({ ok: false, error: { kind: 'media', code: 'ffmpeg_not_found', retryable: false } });
    if (!setting.ok) expect(setting.error.message).toContain(`The ffmpeg path in Settings (${notFfmpeg}) does not work`);
    const missing = await locateFfmpeg({ env: { FFMPEG_PATH: path.join(folder, 'missing'), PATH: pathDir }, loadBundled: nothingBundled });
    expect(missing).toMatchObject({ ok: false, error: { code: 'ffmpeg_not_found' } });
    if (!missing.ok) expect(missing.error.message).toContain('FFMPEG_PATH');
  });

  it('says how to get ffmpeg when there is none', async () => {
    const found = await locateFfmpeg({ env: { PATH: folder }, loadBundled: nothingBundled });
    expect(found.ok).toBe(false);
    if (!found.ok) {
      expect(found.error.code).toBe('ffmpeg_not_found');
      expect(found.error.message).toMatch(/Install ffmpeg .*ffmpeg\.org/);
      expect(found.error.message).toContain('Settings');
    }
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
