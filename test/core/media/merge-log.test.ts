import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMergeLog, readProgressLine, type MergeProgressReport } from '../../../src/core/media/merge-log';

// Captured from ffmpeg 5.1: `-loglevel verbose -progress pipe:1 … -c copy -moov_size N -f mp4`,
// once with room enough for the index and once with 500 bytes.
const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const MERGED = fixture('merge-mp4-verbose.txt');
const TOO_SMALL = fixture('merge-moov-too-small.txt');
const PROGRESS = fixture('merge-mp4-progress.txt');

describe('parseMergeLog', () => {
  it('reads the written streams, their codecs and packet counts', () => {
    expect(parseMergeLog(MERGED)).toEqual({
      moovTooSmall: false,
      trailerFailed: false,
      streams: [
        { index: 0, type: 'video', codec: 'h264', width: 160, height: 90, frameRate: 10, packets: 30 },
        { index: 1, type: 'audio', codec: 'aac', sampleRate: 44100, packets: 131 },
      ],
    });
  });

  it('tells a reserved index room that was too small, though ffmpeg exits 0', () => {
    expect(parseMergeLog(TOO_SMALL)).toMatchObject({ moovTooSmall: true, trailerFailed: true });
  });

  it('reports a stream that got no packets', () => {
    const log = parseMergeLog(MERGED.replace('131 packets muxed', '0 packets muxed'));
    expect(log.streams?.map((stream) => stream.packets)).toEqual([30, 0]);
  });

  it('does not take input statistics or stream mapping for the output', () => {
    const log = parseMergeLog(MERGED.replace(/^ {2}Output stream #0:1 .*$/m, ''));
    // The audio stream's count is missing: the log is not understood, rather than guessed.
    expect(log.streams).toBeUndefined();
  });

  it('understands nothing of a log without the output section (a quieter or other ffmpeg)', () => {
    const log = parseMergeLog(MERGED.slice(MERGED.indexOf('Stream mapping')));
    expect(log).toEqual({ moovTooSmall: false, trailerFailed: false });
  });
});

describe('readProgressLine', () => {
  it('folds ffmpeg -progress output into the muxed time and the final size', () => {
    let report: MergeProgressReport = { ended: false };
    const seen: number[] = [];
    for (const line of PROGRESS.split('\n')) {
      report = readProgressLine(report, line);
      if (report.seconds !== undefined && seen.at(-1) !== report.seconds) seen.push(report.seconds);
    }
    expect(seen[0]).toBeCloseTo(0.000098, 6);
    expect(report).toEqual({ ended: true, seconds: 3.018594, totalSize: 65182 });
  });

  it('ignores N/A values and unknown keys', () => {
    const report = ['out_time_us=N/A', 'total_size=N/A', 'speed=1x', 'progress=continue'].reduce(readProgressLine, { ended: false });
    expect(report).toEqual({ ended: false });
  });
});
