import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/*
 * A process whose parent never reaps it: `sh` starts it in the background, prints its pid
 * on stderr and becomes `sleep`. Killed, it stays a zombie whose pid still answers
 * `kill(pid, 0)`, as under a container's pid 1 or a supervisor that is slow to wait.
 */

/** `sh` arguments that run `argv` unreaped. */
export const unreapedShellArgs = (argv: readonly string[]): string[] => ['-c', '"$@" & echo "unreaped pid $!" >&2; exec sleep 600', 'sh', ...argv];

/** The pid the shell printed on `stderr`. */
export const unreapedPid = (stderr: NodeJS.ReadableStream): Promise<number> =>
  new Promise((resolve) => {
    let text = '';
    stderr.on('data', (chunk: Buffer | string) => {
      text += String(chunk);
      const found = /unreaped pid (\d+)/u.exec(text)?.[1];
      if (found) resolve(Number(found));
    });
  });

/** Runs a Node ES module script (it may import our .ts sources) unreaped; resolves once it printed `ready`. */
export async function startUnreapedScript(script: string): Promise<{ child: ChildProcessWithoutNullStreams; pid: number; output: () => string }> {
  const child = spawn('sh', unreapedShellArgs([process.execPath, '--import', 'tsx', '--input-type=module', '-e', script]));
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (/^ready$/mu.test(output)) resolve();
    });
    child.once('exit', () => reject(new Error(`the script ended: ${output}`)));
  });
  const pid = unreapedPid(child.stderr);
  await ready;
  return { child, pid: await pid, output: () => output };
}

/** Kills a process that may have ended already. */
export function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}
