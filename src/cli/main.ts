import '../node-shared/require-supported-node';
import { runCli } from './run-cli';

/*
 * The `trove` command. Run it with `npm run trove -- <args>` in a checkout, or as the
 * package's `trove` bin (src/cli/bin.mjs). docs/cli.md describes every command.
 */
// A reader that stops early (`trove doctor | head -3`) closes the pipe: end quietly, as
// Unix tools do, instead of crashing on the next write.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const exitCode = await runCli(process.argv.slice(2));
// Wait until everything written has left (stdout may be a pipe), then exit even if a
// library keeps a handle open (an HTTP keep-alive socket, a D-Bus connection).
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
process.exit(exitCode);
