import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * `npm run security:electron`: @doyensec/electronegativity (pinned) over src/, as an
 * advisory report in test-results/electronegativity.{csv,json}. It always exits 0: each
 * finding is either fixed or explained in docs/security.md ("Electron hardening"); the
 * ones already explained there are marked as reviewed here, so a new one stands out.
 *
 * The package's CLI cannot start (1.10.3 requires `commander` without declaring it and
 * gets the project's incompatible v15), so its runner is called directly, as its CLI does.
 */

interface Issue {
  id: string;
  severity: { name?: string } | string;
  confidence: { name?: string } | string;
  file: string;
  location: { line: number; column: number };
  sample?: string;
  description: string;
}
interface RunResult {
  globalChecks: number;
  atomicChecks: number;
  errors: Array<{ file: string; message: string }>;
  issues: Issue[];
}
type Run = (options: Record<string, unknown>, forCli: boolean) => Promise<RunResult>;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS = join(ROOT, 'test-results');
const ELECTRON_VERSION = '45.4.1';

/** Findings reviewed in docs/security.md: check id → file it was reported in. */
const REVIEWED: ReadonlyArray<readonly [string, string]> = [
  ['CSP_GLOBAL_CHECK', 'main/app-protocol.ts'],
  ['OPEN_EXTERNAL_JS_CHECK', 'main/main-window.ts'],
  ['AUXCLICK_JS_CHECK', 'main/main-window.ts'],
  ['CONTEXT_ISOLATION_JS_CHECK', 'main/main-window.ts'],
  ['SANDBOX_JS_CHECK', 'main/main-window.ts'],
  ['PROTOCOL_HANDLER_JS_CHECK', 'main/index.ts'],
];

const nameOf = (value: Issue['severity']): string => (typeof value === 'string' ? value : (value.name ?? '?'));

async function main(): Promise<void> {
  const run = createRequire(import.meta.url)('@doyensec/electronegativity/dist/runner.js') as Run;
  mkdirSync(RESULTS, { recursive: true });
  const result = await run(
    { input: join(ROOT, 'src'), output: join(RESULTS, 'electronegativity.csv'), isSarif: false, isRelative: true, electronVersionOverride: ELECTRON_VERSION },
    false,
  );
  const findings = result.issues.map((issue) => ({
    check: issue.id,
    severity: nameOf(issue.severity),
    confidence: nameOf(issue.confidence),
    file: issue.file,
    line: issue.location.line,
    sample: issue.sample ?? '',
    description: issue.description,
    reviewed: REVIEWED.some(([check, file]) => check === issue.id && issue.file.endsWith(file)),
  }));
  writeFileSync(join(RESULTS, 'electronegativity.json'), `${JSON.stringify({ electron: ELECTRON_VERSION, ...result, findings }, null, 2)}\n`);
  const fresh = findings.filter((finding) => !finding.reviewed);
  console.log(`electronegativity: ${result.globalChecks} global and ${result.atomicChecks} atomic checks, ${findings.length} findings (${fresh.length} not yet reviewed), ${result.errors.length} files it could not parse`);
  for (const finding of findings) {
    console.log(`  ${finding.reviewed ? 'reviewed' : 'NEW     '} ${finding.severity.padEnd(6)} ${finding.check} ${finding.file}:${finding.line}`);
  }
  for (const error of result.errors) console.log(`  could not parse ${error.file}: ${error.message}`);
  if (fresh.length > 0) console.log('Review each NEW finding: fix it, or explain it in docs/security.md and add it to REVIEWED in this script.');
  console.log(`Report: ${join('test-results', 'electronegativity.csv')} and .json`);
}

// Advisory: a report, never a failed build (a crash of the tool itself is reported too).
await main().catch((error: unknown) => console.log(`electronegativity could not run: ${error instanceof Error ? error.message : String(error)}`));
process.exit(0);
