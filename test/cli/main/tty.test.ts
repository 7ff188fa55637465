import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/*
 * On a terminal `get` draws live bars. `script` (util-linux) gives the CLI a real
 * pseudo-terminal, so this is the TTY path exactly as a user sees it.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

let world: CliWorld;
beforeAll(async () => {
  // Slow media, so the bars have something to show.
  world = await startWorld({ throttleBytesPerSecond: 60_000 });
});
afterAll(() => world.close());

describe('trove get on a terminal', () => {
  it('draws live bars with sizes, speeds and ETAs, then prints the summary', async () => {
    const command = [process.execPath, '--import', 'tsx', 'src/cli/main.ts', ...world.args, 'get', 'https://video.example/watch/tty', '--out', world.outDir]
      .map(quote)
      .join(' ');
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = execFile('script', ['-qefc', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, ...world.env, TERM: 'xterm' } }, (error, stdout) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: child.exitCode, output: stdout });
      });
    });
    expect(code, output).toBe(0);
    expect(output).toContain(`${String.fromCharCode(27)}[`);
    // A frame mid-download: a partly filled bar, bytes of the size, a speed and a time left.
    expect(output).toMatch(/#\d+ Sample video tty +\|=+-+\| +[1-9]\d?% [\d.]+ KiB\/[\d.]+ KiB [\d.]+ KiB\/s ETA \d+:\d\d/);
    expect(output).toMatch(/all: 1 done, 0 failed, 0 queued +\|={24}\| 100%/);
    expect(output).toContain('1 of 1 post done.');
  });
});

describe('trove key set on a terminal', () => {
  it('ends with an interrupted error object when Ctrl-C is typed at the hidden prompt, with --json', async () => {
    const command = [process.execPath, '--import', 'tsx', 'src/cli/main.ts', ...world.args, 'key', 'set', '--json'].map(quote).join(' ');
    const child = spawn('script', ['-qefc', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, TERM: 'xterm' } });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      // The prompt means the terminal is in raw mode: Ctrl-C arrives as a character, not a signal.
      if (!output.includes('Paste your API key') && (output + chunk).includes('Paste your API key')) child.stdin.write('\u0003');
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code, output).toBe(130);
    expect(output).toMatch(/\{"type":"error","code":"interrupted","message":"[^"]+","exitCode":130\}/);
  });
});
