import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { supportedNodeRange, unsupportedNodeLine } from '../../src/core/diagnostics/supported-node';

/* The supported Node range lives in package.json's engines; everything else must agree with it. */

const ROOT = process.cwd();
const range = supportedNodeRange();
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };

describe('the supported Node', () => {
  it('is package.json engines.node, and the pinned node package, .nvmrc and this test run are in it', () => {
    expect(range).toBe(manifest.engines.node);
    expect(semver.satisfies(lock.packages['node_modules/node']!.version!, range)).toBe(true);
    expect(semver.satisfies(semver.coerce(readFileSync(join(ROOT, '.nvmrc'), 'utf8'))!, range)).toBe(true);
    // npm test runs on the pinned Node (node_modules/.bin comes first on the scripts' PATH).
    expect(semver.satisfies(process.versions.node, range)).toBe(true);
  });

  it('names the Node needed in one line, and nothing for a supported one', () => {
    expect(unsupportedNodeLine('22.14.0', '>=22.14')).toBeUndefined();
    expect(unsupportedNodeLine('24.1.0', '>=22.14')).toBeUndefined();
    const line = unsupportedNodeLine('20.20.2', '>=22.14');
    expect(line).toContain('Trove needs Node.js >=22.14, but this is Node.js 20.20.2');
    expect(line).not.toContain('\n');
  });

  it('is checked first by every entry point a user can start by hand', () => {
    for (const entry of ['src/cli/main.ts', 'src/server/main.ts', 'src/sandbox/main.ts', 'src/start/main.ts']) {
      const firstImport = readFileSync(join(ROOT, entry), 'utf8').split('\n').find((line) => line.startsWith('import '));
      expect(firstImport, entry).toMatch(/^import '\.\.\/node-shared\/require-supported-node';$/);
    }
  });

  // Debian's own Node 20 is what a user runs `node src/cli/bin.mjs` with by hand.
  const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    try {
      return !semver.satisfies(execFileSync(path, ['--version'], { encoding: 'utf8' }).trim(), range);
    } catch {
      return false;
    }
  });
  const title = 'gives that line instead of a crash when run by hand on an older Node';
  it.skipIf(systemNode === undefined)(systemNode ? title : `${title} — skipped, no Node older than ${range} in /usr/bin or /usr/local/bin`, () => {
    const run = spawnSync(systemNode!, [join(ROOT, 'src/cli/bin.mjs'), 'library'], { encoding: 'utf8', env: { ...process.env, TROVE_DATA_DIR: join(ROOT, 'never-created') } });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Trove needs Node\.js >=22\.14, but this is Node\.js 2\d\./)]);
  });
});
