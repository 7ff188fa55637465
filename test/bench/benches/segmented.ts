import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { alternate } from '../alternate';
import type { Benchmark } from '../bench-context';
import { formatBytes, formatRate } from '../figure';
import { remove } from '../tools/files';
import { startSandboxProcess } from '../tools/sandbox-process';
import { curlDownload } from '../tools/timed-process';
import { median } from '../stats';
import { troveDownload } from './single-connection';

const THROTTLE_BYTES_PER_SECOND = 20_000_000;
const CONNECTIONS = 4;

/**
 * Benchmark 2: a large blob from the sandbox, throttled per connection as many CDNs do:
 * Trove's segmented download (4 connections) against curl's single one.
 */
export const segmented: Benchmark = {
  id: '2',
  title: 'segmented download from a per-connection throttled server',
  async run(context) {
    const size = context.quick ? 64 << 20 : context.source.size;
    const sandbox = await startSandboxProcess({ keys: ['bench-segmented'], throttleBytesPerSecond: THROTTLE_BYTES_PER_SECOND });
    const directory = join(context.runDir, 'segmented');
    await mkdir(directory, { recursive: true });
    try {
      const samples = await alternate(context.quick ? 2 : 3, {
        trove: async (round) => {
          // A fresh signed URL per run, as a new extraction would give.
          const ms = await troveDownload(await sandbox.blobUrl(size, 'bench'), directory, `trove-${round}.bin`, CONNECTIONS);
          await remove(join(directory, `trove-${round}.bin`));
          return ms;
        },
        curl: async (round) => {
          const output = join(directory, `curl-${round}.bin`);
          const ms = await curlDownload(await sandbox.blobUrl(size, 'bench'), output);
          await remove(output);
          return ms;
        },
      });
      const trove = (size / median(samples.trove)) * 1000;
      const curl = (size / median(samples.curl)) * 1000;
      const ratio = trove / curl;
      context.log(`2: Trove ${formatRate(trove)}, curl ${formatRate(curl)}`);
      return [
        {
          id: '2',
          name: `${formatBytes(size)}, sandbox throttled to ${formatRate(THROTTLE_BYTES_PER_SECOND)} per connection, ${CONNECTIONS} connections`,
          value: formatRate(trove),
          reference: `curl (1 connection) ${formatRate(curl)}`,
          ratio,
          goal: '≥ 3.5 × curl',
          met: ratio >= 3.5,
          detail: { sizeBytes: size, troveMs: samples.trove, curlMs: samples.curl, ideal: CONNECTIONS },
        },
      ];
    } finally {
      await sandbox.close();
    }
  },
};
