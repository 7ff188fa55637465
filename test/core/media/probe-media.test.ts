import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/core/media/probe-media';
import { ffmpegWorkspace } from './system-ffmpeg';

const workspace = ffmpegWorkspace();

describe('probeMedia', () => {
  it('reads a real file, even one whose name looks like an option or a protocol', async () => {
    const { ffmpeg, folder } = workspace;
    const file = path.join(folder, '-concat:tricky name.mp4');
    await workspace.make(['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x180:rate=10', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', `file:${file}`]);
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
    const info = await probeMedia(workspace.ffmpeg, path.join(workspace.folder, 'missing.mp4'));
    expect(info).toMatchObject({ ok: false, error: { kind: 'media', code: 'invalid_input' } });
    if (!info.ok) expect(info.error.message).toContain('No such file');
  });

  it('reports an ffmpeg that cannot be started', async () => {
    const info = await probeMedia(path.join(workspace.folder, 'no-ffmpeg'), path.join(workspace.folder, 'x.mp4'));
    expect(info).toMatchObject({ ok: false, error: { code: 'ffmpeg_not_found' } });
  });
});
