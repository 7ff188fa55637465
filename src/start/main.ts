import '../node-shared/require-supported-node';
import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../node-shared/data-dir';
import { DEFAULT_WEB_PORT } from '../server/web-mode';
import { serveUntilStopped } from '../server/serve-until-stopped';
import { checkElectron } from './electron-check';
import { preferredPortOrAny } from './free-port';
import { build, buildIsStale, electronViteCli } from './ui-build';

/*
 * `npm start`: the desktop app where Electron can start; anywhere else (no display, a CI
 * run, a binary that could not be downloaded or does not run) one line says why, and the
 * same UI opens in web mode, against the built-in sandbox unless an API key is stored or
 * in TROVE_API_KEY. `npm start -- --web` asks for web mode on a desktop too.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SLOW_CHECK_MS = 3000;

if (buildIsStale(ROOT)) {
  process.stdout.write('Building the app (out/ is missing or older than the sources)…\n');
  const built = await build(ROOT);
  if (!built.ok) {
    process.stderr.write(`${built.log}\nThe build failed (the log is above): fix it, then run npm start again.\n`);
    process.exit(1);
  }
}

// A first start downloads Electron's binary (quiet, output kept): say why there is a wait.
const slow = setTimeout(() => process.stdout.write('Getting Electron ready (the first start downloads it)…\n'), SLOW_CHECK_MS);
const check = process.argv.includes('--web')
  ? ({ ok: false, reason: 'web mode was asked for (--web)' } as const)
  : await checkElectron({ root: ROOT, env: process.env, platform: process.platform });
clearTimeout(slow);

if (check.ok) {
  // As before this launcher: electron-vite runs the built app (built above) in Electron, the
  // very binary checked (ELECTRON_EXEC_PATH: electron-vite reads it before electron's path.txt).
  const env = { ...process.env, ELECTRON_EXEC_PATH: check.binary };
  const desktop = spawn(process.execPath, [electronViteCli(ROOT), 'preview', '--skipBuild'], { cwd: ROOT, env, stdio: 'inherit' });
  // Ctrl+C reaches Electron too (same terminal); this process just waits for it to end.
  process.on('SIGINT', () => undefined);
  desktop.once('close', (code) => process.exit(code ?? 1));
} else {
  process.stdout.write(`The desktop app cannot start here: ${check.reason}. Starting web mode instead.\n`);
  await serveUntilStopped({
    port: await preferredPortOrAny(DEFAULT_WEB_PORT),
    dataDir: process.env['TROVE_DATA_DIR'] ?? defaultDataDir({ platform: process.platform, env: process.env, homeDir: homedir() }),
    sandbox: 'without-key',
  });
}
