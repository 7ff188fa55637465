import { describe, expect, it } from 'vitest';
import { chooseContainer, normalizeCodec } from '../../../src/core/media/choose-container';

describe('chooseContainer', () => {
  it.each([
    ['h264', 'aac', 'mp4'],
    ['hevc', 'aac', 'mp4'],
    ['av1', 'aac', 'mp4'],
    ['h264', 'mp3', 'mp4'],
    ['vp9', 'opus', 'webm'],
    ['vp8', 'vorbis', 'webm'],
    ['av1', 'opus', 'webm'],
    ['h264', 'opus', 'mkv'],
    ['vp9', 'aac', 'mkv'],
    ['mpeg2video', 'ac3', 'mkv'],
    ['h264', 'flac', 'mkv'],
  ])('%s + %s → %s', (video, audio, container) => {
    expect(chooseContainer(video, audio)).toBe(container);
  });
});

describe('normalizeCodec', () => {
  it.each([
    ['avc1.64001F', 'h264'],
    ['hvc1.1.6.L93.B0', 'hevc'],
    ['av01.0.05M.08', 'av1'],
    ['vp09.00.10.08', 'vp9'],
    ['vp9', 'vp9'],
    ['mp4a.40.2', 'aac'],
    ['mp4a.40.34', 'mp3'],
    ['opus', 'opus'],
    ['ec-3', 'eac3'],
    ['h264', 'h264'],
    ['aac', 'aac'],
  ])('%s → %s', (codec, expected) => {
    expect(normalizeCodec(codec)).toBe(expected);
  });

  it('returns undefined for unknown or missing codecs', () => {
    expect(normalizeCodec('prores')).toBeUndefined();
    expect(normalizeCodec(undefined)).toBeUndefined();
  });
});
