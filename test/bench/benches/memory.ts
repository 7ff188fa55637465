import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark } from '../bench-context';
import { formatBytes } from '../figure';
import { remove } from '../tools/files';
import { tsxOverheadBytes } from '../tools/loader-overhead';
import { runChild } from '../tools/node-child';
import { sampleRss } from '../tools/rss-sampler';

const CHILD = fileURLToPath(new URL('./memory-child.ts', import.meta.url));
const DOWNLOADS = 8;
const MB = 1_000_000;

interface MemoryRun {
  sizeBytes: number;
  idleRssBytes: number;
  peakRssBytes: number;
  sampledPeakBytes: number;
}

async function measure(url: string, size: number, directory: string): Promise<MemoryRun> {
  await mkdir(directory, { recursive: true });
  let sampler: ReturnType<typeof sampleRss> | undefined;
  try {
    const result = await runChild<{ idleRssBytes: number; peakRssBytes: number }>(CHILD, [url, String(DOWNLOADS), directory], (child) => {
      if (child.pid !== undefined) sampler = sampleRss(child.pid);
    });
    return { sizeBytes: size, ...result, sampledPeakBytes: sampler?.stop() ?? 0 };
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
    const runs: MemoryRun[] = [];
    for (const size of [small, large]) runs.push(await measure(context.source.server.urlOf(size), size, join(context.runDir, `memory-${size}`)));
    const [first, second] = runs as [MemoryRun, MemoryRun];
    const peak = Math.max(first.peakRssBytes, second.peakRssBytes);
    const growth = second.peakRssBytes - first.peakRssBytes;
    // Independent of size: 4 × the bytes may not cost more than a few MB (allocator noise).
    const independent = growth < 16 * MB;
    const loader = tsxOverheadBytes();
    context.log(`7: peak RSS ${(first.peakRssBytes / MB).toFixed(0)} MB at ${formatBytes(small)}, ${(second.peakRssBytes / MB).toFixed(0)} MB at ${formatBytes(large)}`);
    return [
      {
        id: '7',
        name: `peak RSS, ${DOWNLOADS} concurrent downloads of ${formatBytes(large)} (and of ${formatBytes(small)})`,
        value: `${(peak / MB).toFixed(0)} MB`,
        reference: `${(first.peakRssBytes / MB).toFixed(0)} MB at ${formatBytes(small)} each`,
        goal: '< 200 MB, size-independent',
        met: peak < 200 * MB && independent,
        detail: { runs, tsxOverheadBytes: loader },
        note:
          `RSS of the idle engine before the downloads: ${(second.idleRssBytes / MB).toFixed(0)} MB; 4 × the file size changed the peak by ${(growth / MB).toFixed(1)} MB. ` +
          `Of the peak, ${(loader / MB).toFixed(0)} MB is tsx (the app runs bundled JavaScript): about ${((peak - loader) / MB).toFixed(0)} MB without it.`,
      },
    ];
  },
};
