/*
 * Reads what `ffmpeg -hide_banner -i <file> [-i <file> …]` prints about its inputs: the
 * container, the duration and each stream's type and codec. Neither bundled ffmpeg
 * (ffmpeg-static, @ffmpeg-installer/ffmpeg) ships ffprobe, so this is how Trove inspects
 * media with the ffmpeg binary alone. Metadata blocks are left out before anything is
 * read, so a title that reads "Duration: …" or "Stream #0:1: …" cannot pass for the real
 * line. ffmpeg 5 and later print stream lines two spaces in; older ones (the 2018 build of
 * @ffmpeg-installer/ffmpeg) four, as deep as the file's own metadata entries.
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
  /** Video: frames per second (ffmpeg's `fps`, else its `tbr`). */
  frameRate?: number;
  /** Audio: samples per second. */
  sampleRate?: number;
  /** A cover picture (MP4, MP3), not a video track. */
  attachedPicture?: boolean;
}

/** A cover picture or an attachment: part of the file's details, not a track that plays. */
export const isCoverPicture = (stream: Pick<MediaStream, 'type' | 'attachedPicture'>): boolean => stream.attachedPicture === true || stream.type === 'attachment';

export interface MediaInfo {
  /** ffmpeg's demuxer names, e.g. ["mov", "mp4", "m4a", …] or ["matroska", "webm"]. */
  formats: string[];
  /** Seconds; undefined when ffmpeg reports N/A. */
  durationSeconds?: number;
  streams: MediaStream[];
  /** How many characters ffmpeg's description of this input took (metadata included). */
  descriptionLength: number;
}

const DURATION = /^ {2}Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?),/m;
const SIZE = /, (\d{1,5})x(\d{1,5})(?=[\s,]|$)/;
const RATE = /, (\d+(?:\.\d+)?)(k?) (fps|tbr)(?=[\s,]|$)/g;
const SAMPLE_RATE = /, (\d+) Hz(?=[\s,]|$)/;

/**
 * The header line and the indented lines under it, up to the first line that is not
 * indented (the next input, an output, or ffmpeg's closing complaint).
 */
export function logSection(log: string, header: RegExp): { match: RegExpExecArray; text: string } | undefined {
  const match = header.exec(log);
  if (!match) return undefined;
  const rest = log.slice(match.index);
  const lineEnd = rest.indexOf('\n') + 1;
  if (lineEnd === 0) return { match, text: rest };
  const end = rest.slice(lineEnd).search(/^\S/m);
  return { match, text: end === -1 ? rest : rest.slice(0, lineEnd + end) };
}

/**
 * A log section without its metadata blocks: each `Metadata:` line and the lines indented
 * deeper under it (ffmpeg indents a value's further lines as deep, so none escapes).
 */
export function withoutMetadata(section: string): string {
  const kept: string[] = [];
  let blockIndent: number | undefined;
  for (const line of section.split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (blockIndent !== undefined && indent > blockIndent) continue;
    blockIndent = /^\s*Metadata:\s*$/.test(line) ? indent : undefined;
    kept.push(line);
  }
  return kept.join('\n');
}

/** The streams listed in one section of ffmpeg's log (`Stream #<file>:<n>…`). */
export function parseStreams(section: string, file: number): MediaStream[] {
  const pattern = new RegExp(`^ {2}(?: {2})?Stream #${file}:(\\d+)(?:\\[0x[0-9a-f]+\\])?(?:\\(([^)]*)\\))?: (Video|Audio|Subtitle|Data|Attachment): ([^\\s,]+)(.*)$`, 'gm');
  const streams: MediaStream[] = [];
  for (const match of withoutMetadata(section).matchAll(pattern)) {
    const [, index = '0', language, type = '', codec = '', rest = ''] = match;
    const stream: MediaStream = { index: Number(index), type: type.toLowerCase() as StreamType, codec };
    if (language !== undefined && language !== 'und') stream.language = language;
    if (stream.type === 'video') Object.assign(stream, videoDetails(rest));
    if (stream.type === 'video' && rest.includes('(attached pic)')) stream.attachedPicture = true;
    const sampleRate = stream.type === 'audio' ? SAMPLE_RATE.exec(rest) : null;
    if (sampleRate) stream.sampleRate = Number(sampleRate[1]);
    streams.push(stream);
  }
  return streams;
}

function videoDetails(rest: string): Pick<MediaStream, 'width' | 'height' | 'frameRate'> {
  const details: Pick<MediaStream, 'width' | 'height' | 'frameRate'> = {};
  const size = SIZE.exec(rest);
  if (size) {
    details.width = Number(size[1]);
    details.height = Number(size[2]);
  }
  // ffmpeg prints rates above 1000 as "1k"; fps is the stream's own, tbr its guess.
  const rates = [...rest.matchAll(RATE)].map(([, value = '0', kilo, unit]) => ({ unit, rate: Number(value) * (kilo ? 1000 : 1) }));
  const rate = rates.find(({ unit }) => unit === 'fps') ?? rates[0];
  if (rate && rate.rate > 0) details.frameRate = rate.rate;
  return details;
}

/** The parsed `input` (0 = the first `-i`), or undefined when ffmpeg did not open it (its log says why). */
export function parseMediaInfo(stderr: string, input = 0): MediaInfo | undefined {
  const section = logSection(stderr, new RegExp(`^Input #${input}, (.+?), from '`, 'm'));
  if (!section) return undefined;
  const duration = DURATION.exec(withoutMetadata(section.text));
  const info: MediaInfo = { formats: (section.match[1] ?? '').split(','), streams: parseStreams(section.text, input), descriptionLength: section.text.length };
  if (duration) info.durationSeconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  return info;
}
