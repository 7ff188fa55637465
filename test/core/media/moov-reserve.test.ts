import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MediaInfo } from '../../../src/core/media/media-info';
import { planFromIndexes } from '../../../src/core/media/merge-plan';
import { mergeStreams } from '../../../src/core/media/merge-streams';
import { moovReserve } from '../../../src/core/media/moov-reserve';
import { probeMediaFiles } from '../../../src/core/media/probe-media';
import { topLevelBoxes } from './mp4-boxes';
import { ffmpegWorkspace } from './system-ffmpeg';

const workspace = ffmpegWorkspace();

describe('moovReserve', () => {
  it('leaves room enough for the index of real video with B-frames (every frame has its own offsets)', async () => {
    const { ffmpeg, folder, make } = workspace;
    const videoPath = path.join(folder, 'v.mp4');
    const audioPath = path.join(folder, 'a.m4a');
    // x264's default preset uses B-frames: a composition offset per frame, the index's worst usual case.
    await make(['-f', 'lavfi', '-i', 'testsrc=duration=10:size=160x90:rate=30', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', videoPath]);
    await make(['-f', 'lavfi', '-i', 'sine=duration=10:sample_rate=48000', '-c:a', 'aac', audioPath]);
    const inputs = await probeMediaFiles(ffmpeg, [videoPath, audioPath]);
    if (!inputs.ok) throw new Error(inputs.error.message);
    const [video, audio] = inputs.value.map((info) => info.streams[0]);
    if (!video || !audio) throw new Error('the generated inputs lack a stream');
    // Two estimates: from ffmpeg's description (duration × rates) and from the inputs' own indexes (sample counts).
    const described = moovReserve(inputs.value, video, audio) ?? 0;
    const reserve = (await planFromIndexes(videoPath, audioPath))?.reserve;

    const merged = await mergeStreams({ ffmpegPath: ffmpeg, videoPath, audioPath, baseName: 'out', keepSources: true, inProcessLimitBytes: 0 });
    if (!merged.ok) throw new Error(merged.error.message);
    const boxes = await topLevelBoxes(merged.value.path);
    // One pass: the index sits in the room reserved from the inputs' indexes, the rest of which is a free box.
    expect(boxes.map((box) => box.type)).toEqual(['ftyp', 'moov', 'free', 'free', 'mdat']);
    const [, moov, free] = boxes;
    const moovSize = moov?.size ?? 0;
    expect(moovSize + (free?.size ?? 0)).toBe(reserve);
    // The other estimate would have fitted too; neither is wasteful (a few times the index at most).
    expect(described).toBeGreaterThan(moovSize);
    for (const estimate of [reserve ?? 0, described]) expect(estimate).toBeLessThan(4 * moovSize + 8192);
  });

  it('sizes nothing when a duration is unknown', () => {
    const info: MediaInfo = { formats: ['mov'], streams: [], descriptionLength: 100 };
    expect(moovReserve([info, { ...info, durationSeconds: 3 }], { index: 0, type: 'video', codec: 'h264' }, { index: 0, type: 'audio', codec: 'aac' })).toBeUndefined();
  });

  it('grows with the duration, the frame rate and the copied metadata', () => {
    const video = { index: 0, type: 'video' as const, codec: 'h264', frameRate: 30 };
    const audio = { index: 0, type: 'audio' as const, codec: 'aac', sampleRate: 48_000 };
    const input = (durationSeconds: number, descriptionLength = 500): MediaInfo => ({ formats: ['mov'], streams: [], durationSeconds, descriptionLength });
    const base = moovReserve([input(60), input(60)], video, audio) ?? 0;
    expect(moovReserve([input(120), input(60)], video, audio)).toBeGreaterThan(base);
    expect(moovReserve([input(60), input(60)], { ...video, frameRate: 60 }, audio)).toBeGreaterThan(base);
    expect(moovReserve([input(60, 5000), input(60)], video, audio)).toBeGreaterThan(base);
  });
});
