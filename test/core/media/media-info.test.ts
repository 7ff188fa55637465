import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMediaInfo } from '../../../src/core/media/media-info';

// Captured from ffmpeg 5.1 (`ffmpeg -hide_banner -i <file>`), trimmed of nothing.
const MP4_VIDEO = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'v.mp4':
  Metadata:
    major_brand     : isom
    minor_version   : 512
    compatible_brands: isomiso2avc1mp41
    encoder         : Lavf59.27.100
  Duration: 00:00:01.00, start: 0.000000, bitrate: 36 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 160x90 [SAR 1:1 DAR 16:9], 28 kb/s, 10 fps, 10 tbr, 10240 tbn (default)
    Metadata:
      handler_name    : VideoHandler
      vendor_id       : [0][0][0][0]
      encoder         : Lavc59.37.100 libx264
At least one output file must be specified
`;

const M4A_AUDIO = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'a.m4a':
  Metadata:
    major_brand     : M4A 
    minor_version   : 512
    compatible_brands: M4A isomiso2
    encoder         : Lavf59.27.100
  Duration: 00:00:01.00, start: 0.000000, bitrate: 79 kb/s
  Stream #0:0[0x1](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 70 kb/s (default)
    Metadata:
      handler_name    : SoundHandler
      vendor_id       : [0][0][0][0]
At least one output file must be specified
`;

const MKV_PAIR = `Input #0, matroska,webm, from 'm.mkv':
  Metadata:
    COMPATIBLE_BRANDS: isomiso2avc1mp41
    MAJOR_BRAND     : isom
    MINOR_VERSION   : 512
    ENCODER         : Lavf59.27.100
  Duration: 00:00:01.02, start: -0.007000, bitrate: 109 kb/s
  Stream #0:0: Video: h264 (High), yuv420p(progressive), 160x90 [SAR 1:1 DAR 16:9], 10 fps, 10 tbr, 1k tbn (default)
    Metadata:
      HANDLER_NAME    : VideoHandler
      VENDOR_ID       : [0][0][0][0]
      ENCODER         : Lavc59.37.100 libx264
      DURATION        : 00:00:01.000000000
  Stream #0:1(eng): Audio: opus, 48000 Hz, mono, fltp
    Metadata:
      ENCODER         : Lavc59.37.100 libopus
      DURATION        : 00:00:01.021000000
At least one output file must be specified
`;

// Captured from the 2018 build @ffmpeg-installer/linux-x64 ships (N-47683): its stream lines
// sit four spaces in, as deep as the entries of the file's own metadata.
const OLD_FFMPEG_PAIR = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':
  Metadata:
    major_brand     : isom
    minor_version   : 512
    compatible_brands: isomiso2avc1mp41
    encoder         : Lavf58.24.100
  Duration: 00:00:01.02, start: 0.000000, bitrate: 112 kb/s
    Stream #0:0(und): Video: h264 (High 4:4:4 Predictive) (avc1 / 0x31637661), yuv444p, 160x90 [SAR 1:1 DAR 16:9], 28 kb/s, 10 fps, 10 tbr, 10240 tbn, 20 tbc (default)
    Metadata:
      handler_name    : VideoHandler
    Stream #0:1(eng): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 69 kb/s (default)
    Metadata:
      handler_name    : SoundHandler
At least one output file must be specified
`;

const WEBM_VP9 = `Input #0, matroska,webm, from 'v.webm':
  Metadata:
    ENCODER         : Lavf59.27.100
  Duration: 00:00:01.00, start: 0.000000, bitrate: 56 kb/s
  Stream #0:0: Video: vp9 (Profile 1), gbrp(pc, gbr/unknown/unknown, progressive), 160x90, SAR 1:1 DAR 16:9, 10 fps, 10 tbr, 1k tbn
    Metadata:
      ENCODER         : Lavc59.37.100 libvpx-vp9
      DURATION        : 00:00:01.000000000
At least one output file must be specified
`;

describe('parseMediaInfo', () => {
  it('reads an mp4 video: container, duration, codec and size', () => {
    expect(parseMediaInfo(MP4_VIDEO)).toEqual({
      formats: ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'],
      durationSeconds: 1,
      streams: [{ index: 0, type: 'video', codec: 'h264', width: 160, height: 90, frameRate: 10 }],
      descriptionLength: MP4_VIDEO.indexOf('At least one output'),
    });
  });

  it('reads an m4a audio stream', () => {
    expect(parseMediaInfo(M4A_AUDIO)?.streams).toEqual([{ index: 0, type: 'audio', codec: 'aac', sampleRate: 44100 }]);
  });

  it('reads both streams of a matroska file with a language tag', () => {
    const info = parseMediaInfo(MKV_PAIR);
    expect(info?.formats).toEqual(['matroska', 'webm']);
    expect(info?.durationSeconds).toBeCloseTo(1.02, 5);
    expect(info?.streams).toEqual([
      { index: 0, type: 'video', codec: 'h264', width: 160, height: 90, frameRate: 10 },
      { index: 1, type: 'audio', codec: 'opus', language: 'eng', sampleRate: 48000 },
    ]);
  });

  it('reads vp9 in webm, whose size follows other parenthesised details', () => {
    expect(parseMediaInfo(WEBM_VP9)?.streams[0]).toEqual({ index: 0, type: 'video', codec: 'vp9', width: 160, height: 90, frameRate: 10 });
  });

  it('parses hours and leaves an N/A duration undefined', () => {
    expect(parseMediaInfo(MP4_VIDEO.replace('00:00:01.00', '01:02:03.50'))?.durationSeconds).toBeCloseTo(3723.5, 5);
    expect(parseMediaInfo(MP4_VIDEO.replace('Duration: 00:00:01.00', 'Duration: N/A'))?.durationSeconds).toBeUndefined();
  });

  it('is not fooled by metadata that looks like a duration or a stream', () => {
    const tricky = MP4_VIDEO.replace(
      '    encoder         : Lavf59.27.100\n',
      '    title           : Duration: 99:00:00.00, start\n    comment         : Stream #0:5: Audio: mp3\n',
    );
    const info = parseMediaInfo(tricky);
    expect(info?.durationSeconds).toBe(1);
    expect(info?.streams.map((stream) => stream.codec)).toEqual(['h264']);
  });

  it('reads the four-space stream lines of ffmpeg 4 and older, and is not fooled by metadata there either', () => {
    const expected = [
      { index: 0, type: 'video', codec: 'h264', width: 160, height: 90, frameRate: 10 },
      { index: 1, type: 'audio', codec: 'aac', language: 'eng', sampleRate: 44100 },
    ];
    expect(parseMediaInfo(OLD_FFMPEG_PAIR)).toMatchObject({ durationSeconds: 1.02, streams: expected });
    const tricky = OLD_FFMPEG_PAIR.replace(
      '    encoder         : Lavf58.24.100\n',
      '    Stream #0:5: Audio: mp3: x\n    title           : x\n                    : Stream #0:6: Video: vp9\n',
    ).replace('      handler_name    : SoundHandler\n', '      handler_name    : SoundHandler\n      Duration: 99:00:00.00, start\n');
    expect(parseMediaInfo(tricky)).toMatchObject({ durationSeconds: 1.02, streams: expected });
  });

  it('returns undefined for what ffmpeg could not open', () => {
    expect(parseMediaInfo('nope.mp4: No such file or directory\n')).toBeUndefined();
    expect(
      parseMediaInfo(
        "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x5564] moov atom not found\njunk.m4a: Invalid data found when processing input\n",
      ),
    ).toBeUndefined();
  });

  it('only reads the first input', () => {
    const two = `${MP4_VIDEO.replace('At least one output file must be specified\n', '')}${M4A_AUDIO.replace('Input #0', 'Input #1').replace('Stream #0:0', 'Stream #1:0')}`;
    expect(parseMediaInfo(two)?.streams.map((stream) => stream.type)).toEqual(['video']);
  });

  it('reads the n-th input of one run over two files (`ffmpeg -i v.mp4 -i a.m4a`)', () => {
    const log = readFileSync(new URL('fixtures/probe-two-inputs.txt', import.meta.url), 'utf8');
    expect(parseMediaInfo(log, 0)).toMatchObject({ durationSeconds: 3, streams: [{ index: 0, type: 'video', codec: 'h264', frameRate: 10 }] });
    expect(parseMediaInfo(log, 1)).toMatchObject({ formats: ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'], durationSeconds: 3, streams: [{ index: 0, type: 'audio', codec: 'aac', sampleRate: 44100 }] });
    expect(parseMediaInfo(log, 2)).toBeUndefined();
  });

  it('has no second input when ffmpeg could not open it', () => {
    const log = readFileSync(new URL('fixtures/probe-second-unreadable.txt', import.meta.url), 'utf8');
    expect(parseMediaInfo(log, 0)?.streams.map((stream) => stream.codec)).toEqual(['h264']);
    expect(parseMediaInfo(log, 1)).toBeUndefined();
  });

  it('reads fractional and abbreviated frame rates, and the tbr when there is no fps', () => {
    const rate = (details: string): number | undefined => parseMediaInfo(MP4_VIDEO.replace('10 fps, 10 tbr', details))?.streams[0]?.frameRate;
    expect(rate('29.97 fps, 29.97 tbr')).toBeCloseTo(29.97, 5);
    expect(rate('1k fps, 1k tbr')).toBe(1000);
    expect(rate('25 tbr')).toBe(25);
    expect(rate('1k tbn')).toBeUndefined();
  });
});
