import { logSection, parseStreams, type MediaStream } from './media-info';

/*
 * What a stream-copy run of ffmpeg says about the file it wrote, so the result need not
 * be opened again by another ffmpeg process. Needs `-loglevel verbose` (the per-stream
 * packet counts at the end) and `-progress pipe:1` (the muxed time and the bytes written).
 */

export interface WrittenStream extends MediaStream {
  /** Packets the muxer wrote for this stream. */
  packets: number;
}

export interface MergeLog {
  /**
   * The output's streams as ffmpeg described them (`Output #0`), with their packet counts;
   * undefined when the log lacks either (another ffmpeg's wording).
   */
  streams?: WrittenStream[];
  /** `-moov_size` was too small for the index: the file has none (ffmpeg still exits 0). */
  moovTooSmall: boolean;
  /** The trailer (the index, the duration) was not written: the file is incomplete, whatever the exit status. */
  trailerFailed: boolean;
}

const PACKETS = /^ {2}Output stream #0:(\d+) \(\w+\): (\d+) packets muxed/gm;

export function parseMergeLog(stderr: string): MergeLog {
  const log: MergeLog = {
    moovTooSmall: /reserved_moov_size is too small/.test(stderr),
    trailerFailed: /^Error writing trailer/m.test(stderr),
  };
  const output = logSection(stderr, /^Output #0, /m);
  const described = output ? parseStreams(output.text, 0) : [];
  const packets = new Map([...stderr.matchAll(PACKETS)].map(([, index, count]) => [Number(index), Number(count)]));
  if (described.length > 0 && described.every((stream) => packets.has(stream.index))) {
    log.streams = described.map((stream) => ({ ...stream, packets: packets.get(stream.index) ?? 0 }));
  }
  return log;
}

export interface MergeProgressReport {
  /** The muxed duration so far (the latest end of any stream), seconds. */
  seconds?: number;
  /** Bytes written so far; after `progress=end`, the size of the file. */
  totalSize?: number;
  ended: boolean;
}

/** Folds one line of `-progress` output into the report. */
export function readProgressLine(report: MergeProgressReport, line: string): MergeProgressReport {
  const [key, value = ''] = line.split('=', 2);
  const number = /^\d+$/.test(value) ? Number(value) : undefined;
  // out_time_ms is microseconds too (a misnomer older ffmpegs print alone).
  if ((key === 'out_time_us' || key === 'out_time_ms') && number !== undefined) return { ...report, seconds: number / 1e6 };
  if (key === 'total_size' && number !== undefined) return { ...report, totalSize: number };
  if (key === 'progress') return { ...report, ended: value === 'end' };
  return report;
}
