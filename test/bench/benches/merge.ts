import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { locateFfmpeg, mergeStreams, probeMedia } from '../../../src/core/media';
import { alternate } from '../alternate';
import type { Benchmark } from '../bench-context';
import { formatBytes, formatMs } from '../figure';
import { ensureSplitPair } from '../fixtures/split-pair';
import { cacheDir, fsyncFile, remove } from '../tools/files';
import { timedProcess } from '../tools/timed-process';
import { median } from '../stats';

/**
 * Benchmark 3: merging a large split-stream pair, Trove's mergeStreams (read both inputs'
 * MP4 indexes, one ffmpeg run with the index placed first, checked from its own log, fsync,
 * rename) against the plain ffmpeg command a person would type. ffmpeg with
 * `-movflags +faststart` (index first by a second pass) and one `ffmpeg -i` probe are timed
 * too, as the costs Trove's one-run merge avoids.
 */
export const merge: Benchmark = {
  id: '3',
  title: 'merge of a large split-stream pair',
  async run(context) {
    const located = await locateFfmpeg();
    if (!located.ok) throw new Error(located.error.message);
    const ffmpegPath = located.value.path;
    context.log('3: preparing the split pair (encoded once into the cache)');
    const pair = await ensureSplitPair(cacheDir(), context.quick ? 8 : 36);
    const directory = join(context.runDir, 'merge');
    await mkdir(directory, { recursive: true });
    const plainArgs = (output: string, extra: string[] = []): string[] => [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-i', pair.videoPath, '-i', pair.audioPath,
      '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', ...extra, output,
    ];
    const probes: number[] = [];
    // Trove's merge is on disk before it gets its name; plain ffmpeg's is in the page cache.
    const fsyncs: number[] = [];
    const samples = await alternate(context.quick ? 3 : 7, {
      trove: async (round) => {
        const started = performance.now();
        const merged = await mergeStreams({ ffmpegPath, videoPath: pair.videoPath, audioPath: pair.audioPath, baseName: `trove-${round}`, directory, keepSources: true });
        const ms = performance.now() - started;
        if (!merged.ok) throw new Error(`Trove merge failed: ${merged.error.code}: ${merged.error.message}`);
        await remove(merged.value.path);
        return ms;
      },
      ffmpeg: async (round) => {
        const output = join(directory, `plain-${round}.mp4`);
        const ms = await timedProcess(ffmpegPath, plainArgs(output));
        fsyncs.push(await fsyncFile(output));
        // One probe of the result, timed here: what a merge that probes its inputs or result pays per probe.
        const started = performance.now();
        await probeMedia(ffmpegPath, output);
        probes.push(performance.now() - started);
        await remove(output);
        return ms;
      },
      faststart: async (round) => {
        const output = join(directory, `faststart-${round}.mp4`);
        const ms = await timedProcess(ffmpegPath, plainArgs(output, ['-movflags', '+faststart']));
        await remove(output);
        return ms;
      },
    });
    const trove = median(samples.trove);
    const plain = median(samples.ffmpeg);
    const faststart = median(samples.faststart);
    const probe = median(probes);
    const plainSynced = median(samples.ffmpeg.map((ms, index) => ms + (fsyncs[index] ?? 0)));
    const ratio = trove / plain;
    context.log(`3: Trove ${formatMs(trove)}, ffmpeg ${formatMs(plain)}, ffmpeg +faststart ${formatMs(faststart)}, one probe ${formatMs(probe)}`);
    return [
      {
        id: '3',
        name: `merge ${formatBytes(pair.bytes)} (${pair.seconds} s, video + audio), stream copy`,
        value: formatMs(trove),
        reference: `ffmpeg -c copy ${formatMs(plain)}`,
        ratio,
        goal: '≤ 1.05 × ffmpeg',
        met: ratio <= 1.05,
        detail: { bytes: pair.bytes, troveMs: samples.trove, ffmpegMs: samples.ffmpeg, ffmpegFsyncMs: fsyncs, faststartMs: samples.faststart, probeMs: probes },
        note:
          `ffmpeg -movflags +faststart (index first, as Trove writes it): ${formatMs(faststart)} (${(faststart / plain).toFixed(2)} × plain); ` +
          `one probe (ffmpeg -i) ${formatMs(probe)}; Trove starts ffmpeg once for MP4 inputs.`,
      },
      {
        id: '3',
        name: `merge ${formatBytes(pair.bytes)}, against ffmpeg with the same durability`,
        value: formatMs(trove),
        reference: `ffmpeg -c copy + fsync ${formatMs(plainSynced)}`,
        ratio: trove / plainSynced,
        goal: '≤ 1.05 × ffmpeg',
        met: trove / plainSynced <= 1.05,
      },
    ];
  },
};
