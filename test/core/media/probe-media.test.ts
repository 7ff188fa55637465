import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/core/media/probe-media';
import { makeFolder, removeFolder } from '../download/helpers';
import { systemFfmpeg } from './system-ffmpeg';

const run = promisify(execFile);
let ffmpeg: string;
let folder: string;

beforeAll(async () => {
  ffmpeg = await systemFfmpeg();
  folder = await makeFolder();
});
afterAll(async () => {
  await removeFolder(folder);
});

describe('probeMedia', () => {
  it('reads a real file, even one whose name looks like an option or a protocol', async () => {
    const file = path.join(folder, '-concat:tricky name.mp4');
    await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x180:rate=10', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', `file:${file}`]);
    const info = await probeMedia(ffmpeg, file);
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    expect(info.value.formats).toContain('mp4');
    expect(info.value.durationSeconds).toBeCloseTo(2, 0);
    expect(info.value.streams).toEqual([
      { index: 0, type: 'video', codec: 'h264', width: 320, height: 180, frameRate: 10 },
      { index: 1, type: 'audio', codec: 'aac', sampleRate: 44100 },
    ]);
  });

  it('says why a missing file cannot be read', async () => {
    const info = await probeMedia(ffmpeg, path.join(folder, 'missing.mp4'));
    expect(info).toMatchObject({ ok: false, error: { kind: 'media', code: 'invalid_input' } });
    if (!info.ok) expect(info.error.message).toContain('No such file');
  });

  it('reports an ffmpeg that cannot be started', async () => {
    const info = await probeMedia(path.join(folder, 'no-ffmpeg'), path.join(folder, 'x.mp4'));
    expect(info).toMatchObject({ ok: false, error: { code: 'ffmpeg_not_found' } });
  });
});
