import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Builds the app as `npm run build` does, into a fresh folder of its own (main/, preload/,
 * renderer/), and returns that folder. Not out/: it may be older than the sources, and
 * another test file may be rebuilding it at the same moment.
 */
export function buildBundles(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'trove-build-'));
  execFileSync('npx', ['electron-vite', 'build', '--outDir', outDir, '--logLevel', 'error'], { stdio: 'pipe' });
  return outDir;
}
