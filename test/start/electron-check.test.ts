import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkElectron } from '../../src/start/electron-check';

/*
 * Whether npm start opens the desktop app. The binary is chosen through the electron
 * package's own ELECTRON_OVERRIDE_DIST_PATH: a folder with no binary, or a stand-in script
 * that fails the way a binary without its shared libraries does, or one that runs.
 */

const ROOT = process.cwd();
const DESKTOP = { PATH: process.env['PATH'], DISPLAY: ':0' };

function distWith(script?: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'electron-dist-'));
  if (script !== undefined) {
    writeFileSync(join(dist, 'electron'), `#!/bin/sh\n${script}\n`);
    chmodSync(join(dist, 'electron'), 0o755);
  }
  return dist;
}

describe('checkElectron', () => {
  it('refuses a CI run and a Linux without a display before touching Electron', async () => {
    expect(await checkElectron({ root: ROOT, env: { ...DESKTOP, CI: 'true' }, platform: 'linux' })).toEqual({ ok: false, reason: 'this is a CI run (CI is set)' });
    expect(await checkElectron({ root: ROOT, env: { PATH: process.env['PATH'] }, platform: 'linux' })).toEqual({
      ok: false,
      reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)',
    });
  });

  it('reports a missing binary with its path', async () => {
    const dist = distWith();
    expect(await checkElectron({ root: ROOT, env: { ...DESKTOP, ELECTRON_OVERRIDE_DIST_PATH: dist }, platform: 'linux' })).toEqual({
      ok: false,
      reason: `its binary is missing (${join(dist, 'electron')})`,
    });
  });

  it.runIf(process.platform !== 'win32')('reports a binary that does not run, with its error line', async () => {
    const dist = distWith('echo "electron: error while loading shared libraries: libgtk-3.so.0: cannot open shared object file" >&2; exit 127');
    expect(await checkElectron({ root: ROOT, env: { ...DESKTOP, ELECTRON_OVERRIDE_DIST_PATH: dist }, platform: 'linux' })).toEqual({
      ok: false,
      reason: 'its binary does not run here (electron: error while loading shared libraries: libgtk-3.so.0: cannot open shared object file)',
    });
  });

  it.runIf(process.platform !== 'win32')('accepts a binary that runs (as Node, so no window opens)', async () => {
    const dist = distWith('[ "$ELECTRON_RUN_AS_NODE" = 1 ] && echo v22.20.0');
    expect(await checkElectron({ root: ROOT, env: { ...DESKTOP, ELECTRON_OVERRIDE_DIST_PATH: dist }, platform: 'linux' })).toEqual({ ok: true, binary: join(dist, 'electron') });
  });
});
