import { Command, Option } from 'commander';

export interface BenchOptions {
  quick: boolean;
  /** Benchmark ids to run (all when absent); ceilings always run. */
  only?: string[];
  /** Replace the generated table in docs/performance.md with this run's. */
  writeDocs: boolean;
}

export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const program = new Command()
    .name('bench')
    .description('Trove against curl, ffmpeg and the physical limits (docs/performance.md).')
    .addOption(new Option('--quick', 'smaller files and fewer repetitions (CI smoke, < 3 min)').default(false))
    .addOption(new Option('--only <ids>', 'comma-separated benchmark numbers, e.g. 1,6').argParser((value) => value.split(',').map((id) => id.trim())))
    .addOption(new Option('--write-docs', 'write the table into docs/performance.md').default(false))
    .showHelpAfterError();
  const options = program.parse([...argv], { from: 'user' }).opts<{ quick: boolean; only?: string[]; writeDocs: boolean }>();
  return { quick: options.quick, writeDocs: options.writeDocs, ...(options.only ? { only: options.only } : {}) };
}
