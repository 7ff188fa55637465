import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runCaptured } from './run-captured';

/** What `npm run build` reads: a change to any of them makes out/ stale. */
const BUILD_INPUTS = ['src', 'electron.vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.node.json', 'tsconfig.web.json'];
/** One file of each bundle electron-vite writes (it empties out/ first). */
const BUILD_OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function mtimeMs(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function newestMtimeMs(entry: string): number {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtimeMs(path.join(entry, name))), stat.mtimeMs);
}

/** True when a bundle is missing or any input changed after the oldest one was written. */
export function buildIsStale(root: string): boolean {
  const built = BUILD_OUTPUTS.map((file) => mtimeMs(path.join(root, file)));
  if (built.some((time) => time === undefined)) return true;
  const oldestOutput = Math.min(...(built as number[]));
  return BUILD_INPUTS.some((input) => newestMtimeMs(path.join(root, input)) > oldestOutput);
}

/** electron-vite's command line script (its package exports no path to it, so from its package.json). */
export function electronViteCli(root: string): string {
  const manifest = createRequire(path.join(root, 'package.json')).resolve('electron-vite/package.json');
  return path.join(path.dirname(manifest), 'bin', 'electron-vite.js');
}

/** `electron-vite build` (what `npm run build` runs); its log is shown only when it fails. */
export async function build(root: string): Promise<{ ok: true } | { ok: false; log: string }> {
  const run = await runCaptured(process.execPath, [electronViteCli(root), 'build'], { cwd: root });
  return run.code === 0 ? { ok: true } : { ok: false, log: `${run.stdout}${run.stderr}` };
}
