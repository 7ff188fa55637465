import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../stats';

const PRINT_PEAK = 'process.stdout.write(String(process.resourceUsage().maxRSS * 1024));\n';

/**
 * How much resident memory running a TypeScript file through tsx adds to a Node process
 * (its loader thread, the transform): the app ships bundled JavaScript, so this part of a
 * measured engine's RSS belongs to the benchmark, not to Trove.
 */
export function tsxOverheadBytes(): number {
  const directory = mkdtempSync(join(tmpdir(), 'trove-bench-rss-'));
  try {
    const plain = join(directory, 'peak.mjs');
    const typed = join(directory, 'peak.ts');
    writeFileSync(plain, PRINT_PEAK);
    writeFileSync(typed, PRINT_PEAK);
    const peak = (args: string[]): number => Number(execFileSync(process.execPath, args, { encoding: 'utf8' }));
    // A median of three: one start can be slowed or swollen by whatever else the machine does.
    return median([0, 1, 2].map(() => peak(['--import', 'tsx', typed]) - peak([plain])));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
