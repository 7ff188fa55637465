import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate } from '../alternate';
import type { Benchmark } from '../bench-context';
import { formatBytes } from '../figure';
import { remove } from '../tools/files';
import { bundleEntry } from '../tools/bundle-entry';
import { runChild } from '../tools/node-child';
import { sampleRss } from '../tools/rss-sampler';
import type { RssPeak } from '../tools/rss-sampler';
import { median } from '../stats';

const CHILD = fileURLToPath(new URL('./memory-child.ts', import.meta.url));
const DOWNLOADS = 8;
const MB = 1_000_000;

interface MemoryRun {
  sizeBytes: number;
  idleRssBytes: number;
  peakRssBytes: number;
  sampled: RssPeak;
}

async function measure(child: string, url: string, size: number, directory: string): Promise<MemoryRun> {
  await mkdir(directory, { recursive: true });
  let sampler: ReturnType<typeof sampleRss> | undefined;
  try {
    const result = await runChild<{ idleRssBytes: number; peakRssBytes: number }>(child, [url, String(DOWNLOADS), directory], (child) => {
      if (child.pid !== undefined) sampler = sampleRss(child.pid);
    });
    return { sizeBytes: size, ...result, sampled: sampler?.stop() ?? { rssBytes: 0, anonymousBytes: 0, fileBytes: 0 } };
  } finally {
    sampler?.stop();
    await remove(directory);
  }
}

/**
 * Benchmark 7: the peak RSS of an engine process during 8 concurrent large downloads, at
 * two file sizes (the second 4 × the first): memory must not grow with the file.
 */
export const memory: Benchmark = {
  id: '7',
  title: 'engine memory during 8 concurrent downloads',
  async run(context) {
    const large = context.source.size;
    const small = large / 4;
    // The engine runs bundled, as the app ships it: no TypeScript loader in the measured process.
    const child = await bundleEntry(CHILD, 'memory-child');
    const runs: MemoryRun[] = [];
    const peaks = await alternate(context.quick ? 2 : 3, {
      small: async (round) => {
        const run = await measure(child, context.source.server.urlOf(small), small, join(context.runDir, `memory-small-${round}`));
        runs.push(run);
        return run.peakRssBytes;
      },
      large: async (round) => {
        const run = await measure(child, context.source.server.urlOf(large), large, join(context.runDir, `memory-large-${round}`));
        runs.push(run);
        return run.peakRssBytes;
      },
    });
    // Medians: when V8 collects the sockets' spent read buffers varies from run to run.
    const smallPeak = median(peaks.small);
    const largePeak = median(peaks.large);
    const peak = Math.max(smallPeak, largePeak);
    const growth = largePeak - smallPeak;
    const idleRss = median(runs.map((run) => run.idleRssBytes));
    // where the growth lives: anonymous memory (heap, buffers) or file-backed pages
    const sampledMedian = (bytes: number, pick: (peak: RssPeak) => number): number =>
      median(runs.filter((run) => run.sizeBytes === bytes).map((run) => pick(run.sampled)));
    const anonymousGrowth = sampledMedian(large, (peak) => peak.anonymousBytes) - sampledMedian(small, (peak) => peak.anonymousBytes);
    const fileGrowth = sampledMedian(large, (peak) => peak.fileBytes) - sampledMedian(small, (peak) => peak.fileBytes);
    // Independent of size: 4 × the bytes may not cost more than a few MB (allocator noise).
    const independent = growth < 16 * MB;
    context.log(`7: peak RSS ${(smallPeak / MB).toFixed(0)} MB at ${formatBytes(small)}, ${(largePeak / MB).toFixed(0)} MB at ${formatBytes(large)} (medians of ${peaks.large.length})`);
    return [
      {
        id: '7',
        name: `peak RSS, ${DOWNLOADS} concurrent downloads of ${formatBytes(large)} (and of ${formatBytes(small)})`,
        value: `${(peak / MB).toFixed(0)} MB`,
        reference: `${(smallPeak / MB).toFixed(0)} MB at ${formatBytes(small)} each`,
        goal: '< 200 MB, size-independent',
        met: peak < 200 * MB && independent,
        detail: { runs },
        note:
          `RSS of the idle engine (bundled, no TypeScript loader) before the downloads: ${(idleRss / MB).toFixed(0)} MB; ` +
          `4 × the file size changed the peak by ${(growth / MB).toFixed(1)} MB ` +
          `(sampled smaps_rollup at the peak: anonymous ${(anonymousGrowth / MB).toFixed(1)} MB, file-backed ${(fileGrowth / MB).toFixed(1)} MB).`,
      },
    ];
  },
};
