import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The main bundle must import the keychain bindings from node_modules, not carry them:
 * electron-builder unpacks node_modules/keytar and @napi-rs/keyring* from the asar archive,
 * a copy inside out/main would try to load its .node file from inside it. keytar is an
 * optional dependency, which electron-vite does not externalize on its own.
 */
describe('main bundle', () => {
  it('imports keytar and @napi-rs/keyring at run time and carries no native file', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'trove-main-bundle-'));
    execFileSync('npx', ['electron-vite', 'build', '--outDir', outDir], { stdio: 'ignore' });
    const files = readdirSync(join(outDir, 'main'), { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith('.node'))).toEqual([]);
    const main = readFileSync(join(outDir, 'main', 'index.js'), 'utf8');
    expect(main).toContain('import("keytar")');
    expect(main).toContain('import("@napi-rs/keyring")');
  });
});
