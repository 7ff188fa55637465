import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { defaultDataDir } from '../cli/data-dir';
import { DEFAULT_STATIC_DIR, startWebMode } from './web-mode';

/*
 * `npm run serve`: Trove in a browser. Prints the address with its token, like Jupyter;
 * Ctrl+C pauses running downloads (they resume next time) and stops the server.
 */

const DEFAULT_PORT = 8788;

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new InvalidArgumentError('a port number from 0 to 65535');
  return port;
}

const program = new Command('trove-serve')
  .description('Serve the Trove UI and engine to a browser on this computer.')
  .addOption(new Option('--port <port>', 'port to listen on (0 = any free port)').argParser(parsePort).default(DEFAULT_PORT))
  .addOption(new Option('--host <host>', 'address to listen on; anything but 127.0.0.1 lets other machines connect (the token is still required)'))
  .addOption(new Option('--data-dir <dir>', 'where Trove keeps its library and queue').env('TROVE_DATA_DIR'))
  .option('--sandbox', 'start the built-in sandbox service and use it (sample media, no API key needed)', false)
  .showHelpAfterError();

program.parse();
const options = program.opts<{ port: number; host?: string; dataDir?: string; sandbox: boolean }>();

if (!existsSync(path.join(DEFAULT_STATIC_DIR, 'index.html'))) {
  process.stderr.write(`The UI is not built yet (${DEFAULT_STATIC_DIR} is missing). Run \`npm run build\` first.\n`);
  process.exit(2);
}

const dataDir = options.dataDir ?? defaultDataDir({ platform: process.platform, env: process.env, homeDir: homedir() });
try {
  const web = await startWebMode({
    port: options.port,
    ...(options.host === undefined ? {} : { host: options.host }),
    dataDir,
    sandbox: options.sandbox,
  });
  const lines = ['Trove is running in web mode.'];
  if (web.sandbox) lines.push(`Using the built-in sandbox at ${web.sandbox.url} (sample media only).`);
  lines.push(
    `Data folder: ${dataDir}`,
    'Open this address in your browser (the token in it is your password: do not share it):',
    '',
    `    ${web.server.url}`,
    '',
    'Press Ctrl+C to stop.',
    '',
  );
  process.stdout.write(lines.join('\n'));
  const stop = (): void => {
    process.stdout.write('\nStopping: running downloads are paused and will resume next time.\n');
    void web.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  process.stderr.write(`Trove could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
