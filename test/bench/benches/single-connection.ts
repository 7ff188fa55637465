import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { downloadFile } from '../../../src/core/download';
import { alternate } from '../alternate';
import type { Benchmark } from '../bench-context';
import { formatBytes, formatRate } from '../figure';
import { fsyncFile, remove } from '../tools/files';
import { curlDownload } from '../tools/timed-process';
import { median } from '../stats';

/** Downloads `url` with Trove's downloader into `directory`; wall time in ms. */
export async function troveDownload(url: string, directory: string, fileName: string, connections: number): Promise<number> {
  const started = performance.now();
  const result = await downloadFile({ url, directory, fileName }, { connections });
  const elapsed = performance.now() - started;
  if (!result.ok) throw new Error(`Trove download failed: ${result.error.code}: ${result.error.message}`);
  return elapsed;
}

/**
 * Benchmark 1: one large file over one connection from a local static server, Trove's
 * downloadFile (connections: 1) against `curl -o`. Trove fsyncs before it renames (a
 * finished download survives a power cut); curl does not, so curl + fsync is also timed.
 */
export const singleConnection: Benchmark = {
  id: '1',
  title: 'one large file over one connection',
  async run(context) {
    const { size, server } = context.source;
    const url = server.urlOf(size);
    const directory = join(context.runDir, 'single');
    await mkdir(directory, { recursive: true });
    const fsyncs: number[] = [];
    const samples = await alternate(context.quick ? 3 : 5, {
      trove: async (round) => {
        const ms = await troveDownload(url, directory, `trove-${round}.bin`, 1);
        await remove(join(directory, `trove-${round}.bin`));
        return ms;
      },
      curl: async (round) => {
        const output = join(directory, `curl-${round}.bin`);
        const ms = await curlDownload(url, output);
        fsyncs.push(await fsyncFile(output));
        await remove(output);
        return ms;
      },
    });
    const rate = (ms: number): number => (size / ms) * 1000;
    const trove = rate(median(samples.trove));
    const curl = rate(median(samples.curl));
    const curlSynced = rate(median(samples.curl.map((ms, index) => ms + (fsyncs[index] ?? 0))));
    const ratio = trove / curl;
    context.log(`1: Trove ${formatRate(trove)}, curl ${formatRate(curl)}, curl+fsync ${formatRate(curlSynced)}`);
    const { loopbackBytesPerSecond: loopback, diskBytesPerSecond: disk } = context.ceilings;
    return [
      {
        id: '1',
        name: `${formatBytes(size)}, one connection, local static server`,
        value: formatRate(trove),
        reference: `curl -o ${formatRate(curl)}`,
        ratio,
        goal: '≥ 0.95 × curl',
        met: ratio >= 0.95,
        detail: { sizeBytes: size, troveMs: samples.trove, curlMs: samples.curl, curlFsyncMs: fsyncs, curlPlusFsyncBytesPerSecond: curlSynced },
        note: `curl -o + fsync (Trove's durability): ${formatRate(curlSynced)}, Trove = ${(trove / curlSynced).toFixed(2)} × that. Trove = ${(trove / loopback).toFixed(2)} of the loopback ceiling, ${(trove / disk).toFixed(2)} of the disk ceiling.`,
      },
    ];
  },
};
