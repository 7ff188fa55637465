import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FULL } from './sizes';

const RESULTS = fileURLToPath(new URL('../../../test-results/reliability/', import.meta.url));

/**
 * What a suite measured (kills survived, faults injected, inputs tried, bytes verified),
 * written to test-results/reliability/<suite>.json: docs/reliability.md quotes these.
 */
export function recordFigures(suite: string, figures: Record<string, number | string | boolean | Record<string, number>>): void {
  mkdirSync(RESULTS, { recursive: true });
  const report = { suite, size: FULL ? 'full' : 'reduced', at: new Date().toISOString(), figures };
  writeFileSync(join(RESULTS, `${suite}.json`), `${JSON.stringify(report, null, 2)}\n`);
}
