import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox, SandboxOptions } from '../../../src/sandbox';

/*
 * Runs the real `trove` as a child process, exactly as a user's shell would
 * (`node --import tsx src/cli/main.ts ...`), against a sandbox started by the test.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MAIN = 'src/cli/main.ts';

export interface TroveResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface TroveProcess {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the first stdout line that satisfies `test`. */
  waitForLine(test: (line: string) => boolean): Promise<string>;
  done: Promise<TroveResult>;
}

interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  /** Runs this program with `args` instead of trove itself (e.g. a shell around it). */
  command?: string;
}

/** Every test run has its own keychain entry, so a developer's stored key is never touched. */
const KEYCHAIN_SERVICE = `Trove-test-${process.pid}`;

/** The parent's environment without any TROVE_* variable, so nothing leaks into a test. */
function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { TROVE_KEYCHAIN_SERVICE: KEYCHAIN_SERVICE };
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('TROVE_')) env[name] = value;
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

export function startTrove(args: readonly string[], options: RunOptions = {}): TroveProcess {
  return startEntryPoint(MAIN, args, options);
}

/** Any of the checkout's TypeScript entry points (src/cli/main.ts, src/start/main.ts, …) as a child process; `command` runs it through another program (e.g. sh). */
export function startEntryPoint(entry: string, args: readonly string[], options: RunOptions = {}): TroveProcess {
  const command = options.command ? [options.command, args] : [process.execPath, ['--import', 'tsx', join(ROOT, entry), ...args]];
  const child = spawn(command[0] as string, command[1] as string[], { cwd: ROOT, env: childEnv(options.env) });
  let stdout = '';
  let stderr = '';
  const watchers: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      for (const watcher of [...watchers]) {
        if (watcher.test(line)) {
          watchers.splice(watchers.indexOf(watcher), 1);
          watcher.resolve(line);
        }
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.input ?? '');
  const done = new Promise<TroveResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return {
    child,
    done,
    waitForLine: (test) =>
      new Promise((resolve, reject) => {
        watchers.push({ test, resolve });
        void done.then(() => reject(new Error(`trove exited before the expected line; stdout:\n${stdout}\nstderr:\n${stderr}`)));
      }),
  };
}

export function runTrove(args: readonly string[], options: RunOptions = {}): Promise<TroveResult> {
  return startTrove(args, options).done;
}

/** The JSON lines of a --json run; a line that is not JSON fails the test. */
export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return expect.fail(`not a JSON line: ${line}`);
      }
    });
}

/** The final `result` or `error` object, which must be the last line. */
export function finalObject(stdout: string): Record<string, unknown> {
  const lines = jsonLines(stdout);
  const last = lines.at(-1);
  if (last === undefined) return expect.fail('no output');
  expect(['result', 'error']).toContain(last.type);
  expect(lines.filter((line) => line.type === 'result' || line.type === 'error')).toHaveLength(1);
  return last;
}

export const SANDBOX_KEY = 'sandbox-key';

/** A sandbox plus a fresh data dir and download folder: one per test file (or test). */
export interface CliWorld {
  sandbox: Sandbox;
  dataDir: string;
  outDir: string;
  /** Global options pointing the CLI at this world. */
  args: string[];
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startWorld(options: SandboxOptions = {}): Promise<CliWorld> {
  const sandbox = await startSandbox({ port: 0, ...options });
  const root = await mkdtemp(join(tmpdir(), 'trove-cli-'));
  const dataDir = join(root, 'data');
  const outDir = join(root, 'out');
  return {
    sandbox,
    dataDir,
    outDir,
    args: ['--service-url', sandbox.url, '--data-dir', dataDir],
    env: { TROVE_API_KEY: SANDBOX_KEY },
    async close() {
      await sandbox.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
