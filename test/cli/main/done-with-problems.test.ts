import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, finalObject, runTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/*
 * "Save subtitles" is on and the subtitles cannot be had: `trove get` still downloads the
 * video, and says so with exit code 7 and a summary naming the problem. Real CLI, real
 * sandbox, real ffmpeg.
 */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld();
  await mkdir(world.dataDir, { recursive: true });
  await writeFile(join(world.dataDir, 'settings.json'), JSON.stringify({ saveSubtitles: true, subtitleLanguages: ['en'], subtitleFormat: 'srt' }));
});
afterAll(() => world.close());

const trove = (args: string[]) => runTrove([...world.args, ...args], { env: world.env });

describe('a download whose subtitles could not be saved', () => {
  it('on a site without subtitles: exit 7, "done, with 1 problem" and the problem in the summary', async () => {
    const run = await trove(['get', 'https://guarded.example/watch/cli-no-subs', '--out', world.outDir]);
    expect(run.code, run.stderr).toBe(7);
    expect(run.stdout).toContain('1 of 1 post done, with 1 problem.');
    expect(run.stdout).toMatch(/^ {2}#\d+ done, with 1 problem {2}\S.*$/m);
    expect(run.stdout).toMatch(/^ {4}Subtitles not saved: \[unsupported_site\] \S.*$/m);
    expect(run.stdout).toMatch(/^Files:\n {2}\S.*\.mp4$/m);
  });

  it('at 0 credits when the subtitles are listed: exit 7, with the command that saves them once topped up; --json has the problems', async () => {
    // The post costs 1: the subtitle listing (2) then finds the balance empty.
    world.sandbox.setBalance(SANDBOX_KEY, 1);
    try {
      const link = 'https://video.example/watch/cli-broke';
      const run = await trove(['get', link, '--out', world.outDir, '--json']);
      expect(run.code, run.stderr).toBe(7);
      const result = finalObject(run.stdout) as { exitCode: number; jobs: Array<{ state: string; problems?: unknown[] }> };
      expect(result.exitCode).toBe(7);
      expect(result.jobs).toEqual([expect.objectContaining({ state: 'done', problems: [{ extra: 'subtitles', code: 'out_of_credits', message: expect.any(String) }] })]);

      const plain = await trove(['queue', 'list']);
      expect(plain.stdout).toMatch(/done, with 1 problem/);
    } finally {
      world.sandbox.setBalance(SANDBOX_KEY, 12_000);
    }
  });

  it('0 when the subtitles were saved', async () => {
    const run = await trove(['get', 'https://video.example/watch/cli-subs-ok', '--out', world.outDir]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain('problem');
    expect(run.stdout).toMatch(/\.en(-US)?\.srt$/m);
  });
});
