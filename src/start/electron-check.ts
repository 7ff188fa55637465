import { existsSync } from 'node:fs';
import { runCaptured } from './run-captured';

/** Whether the desktop app can start here; when not, why, in words for one line. */
export type ElectronCheck = { ok: true; binary: string } | { ok: false; reason: string };

export interface ElectronCheckOptions {
  /** The checkout: `electron` is resolved from its node_modules. */
  root: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

/** The line of a failure worth showing: the last `Error: …` line, else the last line. */
function lastErrorLine(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  const error = lines.findLast((line) => /^\w*Error: /.test(line)) ?? lines.at(-1) ?? 'no output';
  return error.replace(/^\w*Error: /, '');
}

const truthy = (value: string | undefined): boolean => value !== undefined && value !== '' && value !== '0' && value !== 'false';

/** A first start downloads Electron's binary (npm's electron package fetches it lazily). */
const RESOLVE_TIMEOUT_MS = 10 * 60_000;
const PROBE_TIMEOUT_MS = 30_000;

/**
 * Checks, cheapest first: a CI run, a Linux without a display, the binary (resolved by the
 * electron package in a child process, which downloads it on a first start and whose
 * output must not reach the user), and finally whether the binary runs at all here
 * (missing shared libraries): as Node (ELECTRON_RUN_AS_NODE), so no window opens.
 */
export async function checkElectron({ root, env, platform }: ElectronCheckOptions): Promise<ElectronCheck> {
  if (truthy(env['CI'])) return { ok: false, reason: 'this is a CI run (CI is set)' };
  if (platform === 'linux' && !env['DISPLAY'] && !env['WAYLAND_DISPLAY']) {
    return { ok: false, reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  }
  const resolved = await runCaptured(process.execPath, ['-e', "process.stdout.write(require('electron'))"], { cwd: root, env, timeoutMs: RESOLVE_TIMEOUT_MS });
  if (resolved.code !== 0) return { ok: false, reason: `its binary is not installed and could not be downloaded (${lastErrorLine(resolved.stderr)})` };
  const binary = resolved.stdout.trim();
  if (!existsSync(binary)) return { ok: false, reason: `its binary is missing (${binary})` };
  const probe = await runCaptured(binary, ['--version'], { cwd: root, env: { ...env, ELECTRON_RUN_AS_NODE: '1' }, timeoutMs: PROBE_TIMEOUT_MS });
  if (probe.code !== 0) return { ok: false, reason: `its binary does not run here (${lastErrorLine(probe.stderr)})` };
  return { ok: true, binary };
}
