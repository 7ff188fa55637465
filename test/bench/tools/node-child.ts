import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface RunningChild {
  child: ChildProcess;
  /** The first stdout line, once it matched `ready`. */
  readyLine: string;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<void>;
}

// TypeScript through tsx; a bundled .mjs (what the app ships) as it is.
const nodeArgs = (script: string, args: readonly string[]): string[] => (script.endsWith('.ts') ? ['--import', 'tsx', script, ...args] : [script, ...args]);

/**
 * Starts a TypeScript entry point in its own Node process (through tsx), so that what it
 * serves or measures does not share an event loop with the bench runner. Resolves when
 * the child prints a line matching `ready`; rejects when it exits first.
 */
export async function startChild(script: string, args: readonly string[], ready: RegExp): Promise<RunningChild> {
  const child = spawn(process.execPath, nodeArgs(script, args), { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const readyLine = await new Promise<string>((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`${script} exited (${code}) before it was ready: ${stderr.trim()}`));
    child.once('exit', onExit);
    lines.on('line', (line) => {
      if (!ready.test(line)) return;
      child.off('exit', onExit);
      resolve(line);
    });
  });
  return {
    child,
    readyLine,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs an entry point (TypeScript or bundled JavaScript) to its end and parses the JSON it prints as its last stdout line. */
export async function runChild<T>(script: string, args: readonly string[], onSpawn?: (child: ChildProcess) => void): Promise<T> {
  const child = spawn(process.execPath, nodeArgs(script, args), { stdio: ['ignore', 'pipe', 'pipe'] });
  onSpawn?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-4000)));
  const [code] = (await once(child, 'exit')) as [number | null];
  const last = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0) throw new Error(`${script} failed (exit ${code}): ${stderr.trim() || last}`);
  return JSON.parse(last) as T;
}
