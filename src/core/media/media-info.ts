/*
 * Reads what `ffmpeg -hide_banner -i <file>` prints about its input: the container, the
 * duration and each stream's type and codec. ffmpeg-static ships no ffprobe, so this is
 * how Trove inspects media with the ffmpeg binary alone. Only the top-level lines of the
 * first input count (two-space indent); metadata is indented deeper, so a title that
 * reads "Duration: …" cannot pass for the real one.
 */

export type StreamType = 'video' | 'audio' | 'subtitle' | 'data' | 'attachment';

export interface MediaStream {
  index: number;
  type: StreamType;
  /** ffmpeg's codec name: h264, hevc, av1, vp9, aac, opus, mp3, … */
  codec: string;
  language?: string;
  width?: number;
  height?: number;
}

export interface MediaInfo {
  /** ffmpeg's demuxer names, e.g. ["mov", "mp4", "m4a", …] or ["matroska", "webm"]. */
  formats: string[];
  /** Seconds; undefined when ffmpeg reports N/A. */
  durationSeconds?: number;
  streams: MediaStream[];
}

const INPUT = /^Input #0, (.+?), from '/m;
const DURATION = /^ {2}Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?),/m;
const STREAM = /^ {2}Stream #0:(\d+)(?:\[0x[0-9a-f]+\])?(?:\(([^)]*)\))?: (Video|Audio|Subtitle|Data|Attachment): ([^\s,]+)(.*)$/gm;
const SIZE = /, (\d{1,5})x(\d{1,5})(?=[\s,]|$)/;

/** The parsed input, or undefined when ffmpeg could not read it (its log says why). */
export function parseMediaInfo(stderr: string): MediaInfo | undefined {
  const input = INPUT.exec(stderr);
  if (!input) return undefined;
  // Stop at a second input, should the caller have passed several.
  const text = stderr.slice(input.index).split(/^Input #1,/m)[0] ?? '';
  const duration = DURATION.exec(text);
  const streams: MediaStream[] = [];
  for (const match of text.matchAll(STREAM)) {
    const [, index = '0', language, type = '', codec = '', rest = ''] = match;
    const stream: MediaStream = { index: Number(index), type: type.toLowerCase() as StreamType, codec };
    if (language !== undefined && language !== 'und') stream.language = language;
    const size = stream.type === 'video' ? SIZE.exec(rest) : null;
    if (size) {
      stream.width = Number(size[1]);
      stream.height = Number(size[2]);
    }
    streams.push(stream);
  }
  const info: MediaInfo = { formats: (input[1] ?? '').split(','), streams };
  if (duration) info.durationSeconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  return info;
}
