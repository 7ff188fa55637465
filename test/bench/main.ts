import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseBenchOptions } from './bench-options';
import type { BenchContext, Benchmark } from './bench-context';
import { measureCeilings } from './benches/ceilings';
import { apiRate } from './benches/api-rate';
import { library } from './benches/library';
import { memory } from './benches/memory';
import { merge } from './benches/merge';
import { profile } from './benches/profile';
import { renderer } from './benches/renderer';
import { said } from './benches/said';
import { segmented } from './benches/segmented';
import { startup } from './benches/startup';
import { singleConnection } from './benches/single-connection';
import type { Figure } from './figure';
import { describeMachine } from './machine';
import { markdownReport, textTable, writeDocsTable } from './report';
import type { BenchReport } from './report';
import { makeRunDir, remove, writeRandomFile } from './tools/files';
import { startStaticServer } from './tools/static-server';

/*
 * `npm run bench [-- --quick] [-- --only 1,6] [-- --write-docs]`: the benchmarks of
 * docs/performance.md. Every comparison is a ratio measured in this run (A/B alternated,
 * medians). Missed goals do not fail the run: only a benchmark that crashes does.
 */

const BENCHMARKS: readonly Benchmark[] = [singleConnection, segmented, merge, profile, apiRate, library, memory, startup, renderer, said];

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GiB = 1 << 30;

async function main(): Promise<number> {
  const options = parseBenchOptions(process.argv.slice(2));
  const machine = describeMachine();
  const startedAt = new Date();
  const clock = performance.now();
  const log = (message: string): void => {
    process.stderr.write(`[${((performance.now() - clock) / 1000).toFixed(1).padStart(6)} s] ${message}\n`);
  };
  const runDir = makeRunDir();
  const size = options.quick ? GiB / 4 : GiB;
  const sourcePath = join(runDir, 'source.bin');
  log(`${options.quick ? 'quick' : 'full'} mode; ${machine.cores} cores, load ${machine.loadAverage.join(' ')}; work in ${runDir}`);
  await writeRandomFile(sourcePath, size);
  const server = await startStaticServer(sourcePath);
  const figures: Figure[] = [];
  let crashed = false;
  try {
    const base = { quick: options.quick, runDir, log, source: { path: sourcePath, size, server } };
    const measured = await measureCeilings(base);
    figures.push(...measured.figures);
    const context: BenchContext = { ...base, ceilings: measured.ceilings };
    for (const benchmark of BENCHMARKS.filter((candidate) => !options.only || options.only.includes(candidate.id))) {
      log(`${benchmark.id}: ${benchmark.title}`);
      try {
        figures.push(...(await benchmark.run(context)));
      } catch (error) {
        crashed = true;
        const message = error instanceof Error ? error.message : String(error);
        log(`${benchmark.id} crashed: ${message}`);
        figures.push({ id: benchmark.id, name: benchmark.title, value: 'crashed', reference: '—', goal: '—', met: false, note: message });
      }
    }
  } finally {
    await server.close();
    await remove(runDir);
  }

  const report: BenchReport = {
    mode: options.quick ? 'quick' : 'full',
    startedAt: startedAt.toISOString(),
    durationSeconds: (performance.now() - clock) / 1000,
    machine,
    loadAverageAtEnd: describeMachine().loadAverage,
    figures,
  };
  process.stdout.write(`\n${textTable(figures)}\n`);
  const results = join(ROOT, 'test-results');
  await mkdir(results, { recursive: true });
  await writeFile(join(results, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(results, 'bench.md'), `${markdownReport(report)}\n`);
  if (options.writeDocs) await writeDocsTable(join(ROOT, 'docs', 'performance.md'), markdownReport(report));
  log(`done in ${report.durationSeconds.toFixed(0)} s; test-results/bench.json written`);
  return crashed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
