import { spawn } from 'node:child_process';

export interface CapturedRun {
  /** null when the program could not be started, was killed or timed out. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program with its output kept from the user's terminal: the launcher decides what to show. */
export function runCaptured(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CapturedRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) => resolve({ code: null, stdout, stderr: `${stderr}${error.message}` }));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
