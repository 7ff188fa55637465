import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_STATIC_DIR, startWebMode } from './web-mode';
import type { WebModeOptions } from './web-mode';

/**
 * Web mode as a foreground program (`npm run serve`, and `npm start` where Electron cannot
 * start): prints the address with its token, like Jupyter; Ctrl+C or SIGTERM pauses running
 * downloads (they resume next time), closes the database and exits 0.
 */
export async function serveUntilStopped(options: WebModeOptions): Promise<void> {
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    process.stderr.write(`The UI is not built yet (${staticDir} is missing). Run \`npm run build\` first.\n`);
    process.exit(2);
  }
  try {
    const web = await startWebMode(options);
    const lines = ['Trove is running in web mode.'];
    if (web.sandbox) lines.push(`Using the built-in sandbox at ${web.sandbox.url}: sample media only, no API key needed. Add your key in Settings to use the real service.`);
    lines.push(
      `Data folder: ${options.dataDir}`,
      'Open this address in your browser (the token in it is your password: do not share it):',
      '',
      `    ${web.server.url}`,
      '',
      'Press Ctrl+C to stop.',
      '',
    );
    process.stdout.write(lines.join('\n'));
    let stopping = false;
    const stop = (): void => {
      // One Ctrl+C reaches this process twice when npm or tsx relays it to its child: a second
      // signal must not end the process before the library is closed (its write-ahead log kept).
      if (stopping) return;
      stopping = true;
      process.stdout.write('\nStopping: running downloads are paused and will resume next time.\n');
      void web.close().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    process.stderr.write(`Trove could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
