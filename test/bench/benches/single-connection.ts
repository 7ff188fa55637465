import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate } from '../alternate';
import type { Benchmark } from '../bench-context';
import { formatBytes, formatRate } from '../figure';
import { fsyncFile, remove } from '../tools/files';
import { runChild } from '../tools/node-child';
import { curlDownload } from '../tools/timed-process';
import { median } from '../stats';

const CHILD = fileURLToPath(new URL('./download-child.ts', import.meta.url));

/** Downloads `url` with Trove's downloader into `directory`, in an engine process of its own; ms from call to result. */
export async function troveDownload(url: string, directory: string, fileName: string, connections: number): Promise<number> {
  const { ms } = await runChild<{ ms: number }>(CHILD, [url, directory, fileName, String(connections)]);
  return ms;
}

/**
 * Benchmark 1: one large file over one connection from a local static server, Trove's
 * downloadFile (connections: 1, in an engine process of its own) against `curl -o`. Trove
 * fsyncs before it renames (a finished download survives a power cut); curl does not, so
 * curl + fsync is also timed.
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
    const detail = { sizeBytes: size, troveMs: samples.trove, curlMs: samples.curl, curlFsyncMs: fsyncs, curlPlusFsyncBytesPerSecond: curlSynced };
    return [
      {
        id: '1',
        name: `${formatBytes(size)}, one connection, local static server`,
        value: formatRate(trove),
        reference: `curl -o ${formatRate(curl)}`,
        ratio,
        goal: '≥ 0.95 × curl',
        met: ratio >= 0.95,
        detail,
        note: `Trove = ${(trove / loopback).toFixed(2)} of the loopback ceiling, ${(trove / disk).toFixed(2)} of the disk ceiling.`,
      },
      {
        // The same comparison at the same durability: curl's file is only in the page cache
        // when curl exits; Trove's is on disk before it gets its name.
        id: '1',
        name: `${formatBytes(size)}, one connection, against curl with the same durability`,
        value: formatRate(trove),
        reference: `curl -o + fsync ${formatRate(curlSynced)}`,
        ratio: trove / curlSynced,
        goal: '≥ 0.95 × curl',
        met: trove / curlSynced >= 0.95,
      },
    ];
  },
};
