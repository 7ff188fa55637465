import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';

/** Runs a command to its end; resolves with its wall time in ms, rejects on a non-zero exit. */
export async function timedProcess(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], ...options });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-4000)));
  const [code] = (await once(child, 'exit')) as [number | null];
  const elapsed = performance.now() - started;
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${code}): ${stderr.trim()}`);
  return elapsed;
}

/** `curl -o` of one URL, as a person would run it; wall time in ms. */
export const curlDownload = (url: string, output: string): Promise<number> =>
  timedProcess('curl', ['--silent', '--show-error', '--fail', '--output', output, url]);
