import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const MAIN = 'src/sandbox/main.ts';

function runCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

async function firstLine(child: ChildProcess): Promise<string> {
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const [line] = (await once(lines, 'line')) as [string];
  return line;
}

describe('npm run sandbox (src/sandbox/main.ts)', () => {
  it('prints exactly one line, serves the options it was given, and exits cleanly on SIGTERM', async () => {
    const child = runCli(['--port', '0', '--key', 'alpha', '--key', 'beta', '--credits', '42', '--page-size', '2', '--faults']);
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const line = await firstLine(child);
    const match = /^sandbox listening on (http:\/\/127\.0\.0\.1:\d+) key=alpha,beta$/.exec(line);
    expect(match, line).not.toBeNull();
    const base = match?.[1] ?? '';

    const credits = await fetch(`${base}/openapi/v1/credits`, { headers: { authorization: 'Bearer beta' } });
    expect(await credits.json()).toEqual({ availableCredits: 42 });
    const page = await fetch(`${base}/openapi/extract/playlist`, {
      method: 'POST',
      headers: { 'x-api-key': 'alpha', 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://video.example/@cli-5' }),
    });
    expect(((await page.json()) as { posts: unknown[] }).posts).toHaveLength(2);
    const fault = await fetch(`${base}/_sandbox/faults`, { method: 'POST', body: JSON.stringify({ match: '*', kind: 'mutate' }) });
    expect(fault.status).toBe(204);

    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([line]);
  });

  it('refuses a bad option with a message and a non-zero exit', async () => {
    const child = runCli(['--port', 'abc']);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/--port/);
  });
});
