import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EXIT } from '../exit-codes';

const SANDBOX_MAIN = fileURLToPath(new URL('../../sandbox/main.ts', import.meta.url));
const FORWARDED: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * `trove sandbox ...` runs the sandbox's own entry point with the arguments unchanged, so
 * its options are parsed and documented in one place (src/sandbox/main.ts). The child gets
 * a process group of its own and trove passes each signal on exactly once, then exits
 * with the sandbox's exit code.
 */
export function runSandbox(args: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), SANDBOX_MAIN, ...args], {
    stdio: 'inherit',
    // Without its own group a terminal's Ctrl-C would reach the sandbox twice (from the terminal and from us).
    detached: process.platform !== 'win32',
  });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  return new Promise((resolve) => {
    const done = (code: number): void => {
      for (const signal of FORWARDED) process.off(signal, forward);
      resolve(code);
    };
    child.once('error', (error) => {
      process.stderr.write(`trove: could not start the sandbox: ${error.message}\n`);
      done(EXIT.someFailed);
    });
    child.once('exit', (code, signal) => done(code ?? (signal === 'SIGINT' ? EXIT.interrupted : EXIT.someFailed)));
  });
}
