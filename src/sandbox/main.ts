import '../node-shared/require-supported-node';
import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULTS } from './options';
import { startSandbox } from './start-sandbox';

/** `npm run sandbox -- --port 8787 ...`: runs the sandbox until SIGINT or SIGTERM. */

const CLI_PORT = 8787;

const integer = (min: number) => (value: string): number => {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < min) throw new InvalidArgumentError(`expected an integer ≥ ${min}`);
  return number;
};
const positive = (value: string): number => {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new InvalidArgumentError('expected a positive number');
  return number;
};
const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

const program = new Command()
  .name('sandbox')
  .description('A local emulator of the Media Extraction Service (docs/sandbox.md).')
  .addOption(new Option('--port <port>', 'port to listen on (0 = any free port)').default(CLI_PORT).argParser(integer(0)))
  .addOption(new Option('--host <host>', 'address to bind').default(DEFAULTS.host))
  .addOption(new Option('--key <key>', 'an accepted API key (repeatable)').argParser(collect))
  .addOption(new Option('--credits <n>', 'starting balance per key').default(DEFAULTS.credits).argParser(integer(0)))
  .addOption(new Option('--ttl <seconds>', 'media URL lifetime').default(DEFAULTS.ttlSeconds).argParser(positive))
  .addOption(new Option('--throttle <bytes-per-second>', 'media speed per connection (0 = unlimited)').default(0).argParser(integer(0)))
  .addOption(new Option('--page-size <n>', 'posts per playlist page').default(DEFAULTS.pageSize).argParser(integer(1)))
  .addOption(new Option('--faults', 'enable fault injection (POST /_sandbox/faults)').default(false))
  .addOption(new Option('--media-cache-dir <dir>', 'where generated sample media is cached (default: the OS temp dir)'))
  .showHelpAfterError();

interface CliOptions {
  port: number;
  host: string;
  key?: string[];
  credits: number;
  ttl: number;
  throttle: number;
  pageSize: number;
  faults: boolean;
  mediaCacheDir?: string;
}

async function main(): Promise<void> {
  const options = program.parse().opts<CliOptions>();
  const sandbox = await startSandbox({
    port: options.port,
    host: options.host,
    keys: options.key ?? [...DEFAULTS.keys],
    credits: options.credits,
    ttlSeconds: options.ttl,
    throttleBytesPerSecond: options.throttle,
    pageSize: options.pageSize,
    faults: options.faults,
    mediaCacheDir: options.mediaCacheDir,
  });
  process.stdout.write(`sandbox listening on ${sandbox.url} key=${sandbox.keys.join(',')}\n`);
  const stop = (): void => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
