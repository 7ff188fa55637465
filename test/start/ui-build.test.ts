import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIsStale } from '../../src/start/ui-build';

/* When npm start (and the test run) rebuilds out/: a bundle missing, or a source newer than the build. */

function file(root: string, path: string, secondsAgo: number): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, path);
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, time, time);
}

function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'trove-build-'));
  file(root, 'package.json', 100);
  file(root, 'src/renderer/src/app.tsx', 100);
  // The folders themselves were written now; only the files' times matter for this test.
  for (const folder of ['src/renderer/src', 'src/renderer', 'src']) utimesSync(join(root, folder), new Date(0), new Date(0));
  return root;
}

const OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

describe('buildIsStale', () => {
  it('is stale when out/ or one of its bundles is missing', () => {
    const root = checkout();
    expect(buildIsStale(root)).toBe(true);
    for (const output of OUTPUTS.slice(0, 2)) file(root, output, 10);
    expect(buildIsStale(root)).toBe(true);
  });

  it('is fresh when every bundle is newer than every source', () => {
    const root = checkout();
    for (const output of OUTPUTS) file(root, output, 10);
    expect(buildIsStale(root)).toBe(false);
  });

  it('is stale when a source or package.json changed after the build', () => {
    const root = checkout();
    for (const output of OUTPUTS) file(root, output, 10);
    file(root, 'src/renderer/src/app.tsx', 0);
    expect(buildIsStale(root)).toBe(true);

    const other = checkout();
    for (const output of OUTPUTS) file(other, output, 10);
    file(other, 'package.json', 0);
    expect(buildIsStale(other)).toBe(true);
  });
});
