import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalObject, runTrove, startTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/* Ctrl-C on `trove library rebuild`: it stops, what it read stays recorded, and the next run reads the rest. */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const COPIES = 240;

describe('Ctrl-C during trove library rebuild', () => {
  it('exits 130 with what was read recorded; the next run adds only the rest', async () => {
    const got = await runTrove([...world.args, 'get', 'https://video.example/watch/cli-rebuild-stop', '--out', world.outDir, '--quiet'], { env: world.env });
    expect(got.code, got.stderr).toBe(0);
    const video = readdirSync(world.outDir, { recursive: true, encoding: 'utf8' }).find((name) => name.endsWith('.mp4'));
    if (!video) throw new Error('The download wrote no video.');
    // Copies of one file Trove wrote: read 16 to an ffmpeg run, so the rebuild takes a while.
    for (let at = 0; at < COPIES; at++) copyFileSync(join(world.outDir, video), join(world.outDir, `copy ${at}.mp4`));

    const first = startTrove([...world.args, 'library', 'rebuild', world.outDir, '--json'], { env: world.env });
    await first.waitForLine((line) => /"event":"library.rebuildProgress".*"done":[1-9]/u.test(line));
    first.child.kill('SIGINT');
    const interrupted = await first.done;
    expect(interrupted.code, interrupted.stderr).toBe(130);
    expect(finalObject(interrupted.stdout)).toMatchObject({ type: 'error', code: 'interrupted' });

    const second = await runTrove([...world.args, 'library', 'rebuild', world.outDir, '--json'], { env: world.env });
    expect(second.code, second.stderr).toBe(0);
    const { rebuild } = finalObject(second.stdout) as { rebuild: { filesAdded: number; postsFound: number; stopped?: boolean } };
    expect(rebuild.stopped).toBeUndefined();
    expect(rebuild.postsFound).toBe(1);
    // The stopped run recorded some copies; this one added only the others.
    expect(rebuild.filesAdded).toBeGreaterThan(0);
    expect(rebuild.filesAdded).toBeLessThan(COPIES);
  });
});
