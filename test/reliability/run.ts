import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * `npm run test:reliability [-- --full] [-- <vitest args>]`: the reliability and security
 * suites, reduced (CI) by default, full sizes with --full. Other arguments go to vitest,
 * e.g. a file filter: `npm run test:reliability -- crash-kill`.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const full = args.includes('--full');
// vitest's bin is not in its package exports: find it beside its package.json.
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

const child = spawn(process.execPath, [vitest, 'run', '--config', 'vitest.reliability.config.ts', ...args.filter((arg) => arg !== '--full')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, TROVE_RELIABILITY_SIZE: full ? 'full' : 'reduced' },
});
// Ctrl-C reaches vitest through the terminal's process group; only its exit is passed on.
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
