import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMp4Tracks } from '../../../src/core/media/mp4-tracks';
import { ffmpegWorkspace } from './system-ffmpeg';

const workspace = ffmpegWorkspace();

/** A file written by ffmpeg from test sources. */
async function make(name: string, args: string[]): Promise<string> {
  const file = path.join(workspace.folder, name);
  await workspace.make(['-y', ...args, file]);
  return file;
}
const VIDEO_IN = ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x90:rate=25'];
const VIDEO_OUT = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const VIDEO = [...VIDEO_IN, ...VIDEO_OUT];

describe('readMp4Tracks', () => {
  it('reads each track\'s handler, sample format and sample count, and the duration, with the index at the end or first', async () => {
    for (const placement of [[], ['-movflags', '+faststart']]) {
      const file = await make('both.mp4', [...VIDEO_IN, '-f', 'lavfi', '-i', 'sine=duration=2:sample_rate=48000', ...VIDEO_OUT, '-c:a', 'aac', '-metadata', 'title=A title', ...placement]);
      const tracks = await readMp4Tracks(file);
      expect(tracks?.tracks).toEqual([
        { handler: 'vide', format: 'avc1', samples: 50 },
        // 2 s at 48 kHz in packets of 1,024 samples, plus the encoder's priming packet.
        { handler: 'soun', format: 'mp4a', samples: expect.closeTo(95, -1) as number },
      ]);
      expect(tracks?.durationSeconds).toBeCloseTo(2, 1);
      expect(tracks?.metadataBytes).toBeGreaterThan('A title'.length);
    }
  });

  it('tells nothing of a fragmented MP4, whose samples are outside the index', async () => {
    const file = await make('fragmented.mp4', [...VIDEO, '-movflags', 'frag_keyframe+empty_moov']);
    expect(await readMp4Tracks(file)).toBeUndefined();
  });

  it('tells nothing of other containers, junk, a missing file or a FIFO (which it must not wait on)', async () => {
    const webm = await make('a.webm', ['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'libopus']);
    const junk = path.join(workspace.folder, 'junk.m4a');
    await writeFile(junk, Buffer.alloc(5000, 7));
    const fifo = path.join(workspace.folder, 'pipe.m4a');
    execFileSync('mkfifo', [fifo]);
    for (const file of [webm, junk, path.join(workspace.folder, 'missing.mp4'), fifo]) expect(await readMp4Tracks(file)).toBeUndefined();
  });

  it('tells nothing of a file cut short', async () => {
    const file = await make('cut.mp4', [...VIDEO, '-movflags', '+faststart']);
    const bytes = execFileSync('head', ['-c', '2000', file]);
    const cut = path.join(workspace.folder, 'cut-short.mp4');
    await writeFile(cut, bytes);
    expect(await readMp4Tracks(cut)).toBeUndefined();
  });
});
