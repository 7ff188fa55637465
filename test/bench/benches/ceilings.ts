import { join } from 'node:path';
import type { BenchContext, Ceilings } from '../bench-context';
import type { Figure } from '../figure';
import { formatBytes, formatRate } from '../figure';
import { remove } from '../tools/files';
import { timedProcess } from '../tools/timed-process';
import { median } from '../stats';

const BLOCK = 4 << 20;

/** The machine's limits: loopback HTTP throughput and sequential disk writes with fsync. */
export async function measureCeilings(context: Omit<BenchContext, 'ceilings'>): Promise<{ ceilings: Ceilings; figures: Figure[] }> {
  const { size, server } = context.source;
  const repetitions = 3;
  const loopback: number[] = [];
  const disk: number[] = [];
  const target = join(context.runDir, 'disk-ceiling.bin');
  for (let round = 0; round < repetitions; round++) {
    loopback.push(size / (await timedProcess('curl', ['--silent', '--fail', '--output', '/dev/null', server.urlOf(size)])) * 1000);
    const args = ['if=/dev/zero', `of=${target}`, `bs=${BLOCK}`, `count=${Math.ceil(size / BLOCK)}`, 'conv=fsync', 'status=none'];
    disk.push(size / (await timedProcess('dd', args)) * 1000);
    await remove(target);
  }
  const ceilings = { loopbackBytesPerSecond: median(loopback), diskBytesPerSecond: median(disk) };
  context.log(`ceilings: loopback ${formatRate(ceilings.loopbackBytesPerSecond)}, disk ${formatRate(ceilings.diskBytesPerSecond)}`);
  return {
    ceilings,
    figures: [
      {
        id: 'ceiling',
        name: `loopback HTTP, ${formatBytes(size)} (curl → /dev/null)`,
        value: formatRate(ceilings.loopbackBytesPerSecond),
        reference: '—',
        goal: 'context',
        detail: { samplesBytesPerSecond: loopback },
      },
      {
        id: 'ceiling',
        name: `disk write, ${formatBytes(size)} sequential + fsync (dd)`,
        value: formatRate(ceilings.diskBytesPerSecond),
        reference: '—',
        goal: 'context',
        detail: { samplesBytesPerSecond: disk },
      },
    ],
  };
}
