import packageJson from '../../package.json' with { type: 'json' };
import { runSandbox } from './commands/sandbox';
import { EXIT } from './exit-codes';
import { createOutput, outputMode } from './output/output';
import { parseArgs } from './parse-args';

/** Runs one `trove` command line and returns the exit code; main.ts owns the process. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const parsed = parseArgs(argv, packageJson.version);
  if (parsed.kind === 'exit') {
    // A script asking for --json gets its help, version or usage error as JSON too.
    if (argv.includes('--json')) {
      const line =
        parsed.exitCode === EXIT.ok
          ? { type: 'result', command: /^\d+\.\d+\.\d+/.test(parsed.stdout) ? 'version' : 'help', exitCode: EXIT.ok, text: parsed.stdout.trim() }
          : { type: 'error', code: 'usage', message: parsed.stderr.trim(), exitCode: parsed.exitCode };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    } else {
      process.stdout.write(parsed.stdout);
      process.stderr.write(parsed.stderr);
    }
    return parsed.exitCode;
  }
  const { invocation, globals } = parsed;
  const output = createOutput(outputMode(globals.json, process.stdout.isTTY === true), globals.quiet, process.stdout, process.stderr);
  if (invocation.command === 'sandbox') return runSandbox(invocation.args);

  // The engine loads only now: help and usage errors answer without it.
  const { runEngineCommand } = await import('./run-engine');
  return runEngineCommand(invocation, globals, output, packageJson.version);
}
