import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('../fixtures/key-store-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The JSON lines the child logged, by step. */
  steps: Map<string, unknown>;
}

/** Runs the key-store fixture in a child Node process with exactly the given environment. */
export function runChild(flow: 'unavailable' | 'flows', env: NodeJS.ProcessEnv): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, flow], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const steps = new Map<string, unknown>();
      for (const line of stdout.split('\n').filter((text) => text.startsWith('{'))) {
        const { step, value } = JSON.parse(line) as { step: string; value: unknown };
        steps.set(step, value);
      }
      resolve({ code, stdout, stderr, steps });
    });
  });
}

/** The environment minus everything that could reach a session bus or a display. */
export function withoutSessionBus(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DBUS_SESSION_BUS_ADDRESS: _bus, DISPLAY: _display, WAYLAND_DISPLAY: _wayland, XDG_RUNTIME_DIR: _runtime, TROVE_API_KEY: _key, ...rest } = env;
  return rest;
}
