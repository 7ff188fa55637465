/*
 * The container for a stream-copied video + audio pair. MP4 where both codecs are ones
 * MP4 players broadly handle; WebM for the WebM codec family; Matroska, which takes
 * anything, otherwise. Opus in MP4 is deliberately not chosen: ffmpeg writes it, but
 * QuickTime, older Safari and many TVs and editors cannot play it, while MKV/WebM with
 * Opus play wherever Opus does. Likewise VP9 goes to WebM/MKV, not MP4.
 */

export type Container = 'mp4' | 'webm' | 'mkv';

const MP4_VIDEO = new Set(['h264', 'hevc', 'av1']);
const MP4_AUDIO = new Set(['aac', 'mp3', 'ac3', 'eac3']);
const WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1']);
const WEBM_AUDIO = new Set(['opus', 'vorbis']);

/** ffmpeg's muxer name for each container. */
export const MUXER: Readonly<Record<Container, string>> = { mp4: 'mp4', webm: 'webm', mkv: 'matroska' };

/** Codecs as ffmpeg names them (see normalizeCodec for the service's RFC 6381 strings). */
export function chooseContainer(videoCodec: string, audioCodec: string): Container {
  if (MP4_VIDEO.has(videoCodec) && MP4_AUDIO.has(audioCodec)) return 'mp4';
  if (WEBM_VIDEO.has(videoCodec) && WEBM_AUDIO.has(audioCodec)) return 'webm';
  return 'mkv';
}

const PREFIXES: ReadonlyArray<[RegExp, string]> = [
  [/^(avc[13]?|h\.?264)/, 'h264'],
  [/^(hev1|hvc1|hevc|h\.?265)/, 'hevc'],
  [/^(av01|av1)/, 'av1'],
  [/^(vp09|vp9)/, 'vp9'],
  [/^(vp08|vp8)/, 'vp8'],
  [/^mp4a\.40\.(34|33|32|107)/, 'mp3'],
  [/^(mp4a|aac)/, 'aac'],
  [/^(mp3|mpeg)/, 'mp3'],
  [/^opus/, 'opus'],
  [/^vorbis/, 'vorbis'],
  [/^(ac-3|ac3)/, 'ac3'],
  [/^(ec-3|eac3)/, 'eac3'],
  [/^flac/, 'flac'],
];

/** The ffmpeg codec name for a service codec string ("avc1.64001F" → "h264"), or undefined. */
export function normalizeCodec(codec: string | undefined): string | undefined {
  const value = codec?.trim().toLowerCase() ?? '';
  return PREFIXES.find(([pattern]) => pattern.test(value))?.[1];
}
