import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };

const run = promisify(execFile);

describe('the trove bin', () => {
  it('runs the CLI without a tsx flag, from any working directory', async () => {
    const bin = new URL('../../src/cli/bin.mjs', import.meta.url).pathname;
    const { stdout } = await run(process.execPath, [bin, '--version'], { cwd: '/' });
    expect(stdout.trim()).toBe(packageJson.version);
    const help = await run(process.execPath, [bin, 'help', 'get'], { cwd: '/' });
    expect(help.stdout).toContain('--quality');
  });
});
