import '../node-shared/require-supported-node';
import { homedir } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import { defaultDataDir } from '../node-shared/data-dir';
import { DEFAULT_WEB_PORT } from './web-mode';
import { serveUntilStopped } from './serve-until-stopped';

/*
 * `npm run serve`: Trove in a browser. Prints the address with its token, like Jupyter;
 * Ctrl+C pauses running downloads (they resume next time) and stops the server.
 */

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new InvalidArgumentError('a port number from 0 to 65535');
  return port;
}

const program = new Command('trove-serve')
  .description('Serve the Trove UI and engine to a browser on this computer.')
  .addOption(new Option('--port <port>', 'port to listen on (0 = any free port)').argParser(parsePort).default(DEFAULT_WEB_PORT))
  .addOption(new Option('--host <host>', 'address to listen on; anything but 127.0.0.1 lets other machines connect (the token is still required)'))
  .addOption(new Option('--data-dir <dir>', 'where Trove keeps its library and queue').env('TROVE_DATA_DIR'))
  .option('--sandbox', 'start the built-in sandbox service and use it (sample media, no API key needed)', false)
  .showHelpAfterError();

program.parse();
const options = program.opts<{ port: number; host?: string; dataDir?: string; sandbox: boolean }>();

const dataDir = options.dataDir ?? defaultDataDir({ platform: process.platform, env: process.env, homeDir: homedir() });
await serveUntilStopped({
  port: options.port,
  ...(options.host === undefined ? {} : { host: options.host }),
  dataDir,
  sandbox: options.sandbox,
});
