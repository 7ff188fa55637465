import { readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalObject, jsonLines, runTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/* `trove library rebuild` as a user runs it: the data folder lost or its library damaged, the downloads kept. */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const trove = (...args: string[]) => runTrove([...world.args, ...args], { env: world.env });

interface Listed {
  items: Array<{ postUrl?: string; caption: string; hasSubtitles: boolean }>;
  total: number;
}
const listLibrary = async (): Promise<Listed> => {
  const run = await trove('library', '--json');
  expect(run.code, run.stderr).toBe(0);
  return finalObject(run.stdout) as unknown as Listed;
};
const byLink = (listed: Listed) => listed.items.map(({ postUrl, caption, hasSubtitles }) => ({ postUrl, caption, hasSubtitles })).sort((a, b) => (a.postUrl ?? '').localeCompare(b.postUrl ?? ''));

describe('trove library rebuild', () => {
  it('rebuilds a deleted data folder from the downloads, for no credits, then a library cut in half; the damaged file is kept and the command named', async () => {
    for (const args of [
      ['https://video.example/watch/cli-rebuild-merged', '--quality', '1080'],
      ['https://photos.example/p/cli-rebuild-photos'],
      ['https://video.example/watch/cli-rebuild-subs', '--subs', 'en,es'],
    ]) {
      const run = await trove('get', ...args, '--out', world.outDir, '--quiet');
      expect(run.code, run.stderr).toBe(0);
    }
    const before = await listLibrary();
    expect(before.total).toBe(3);
    const charges = world.sandbox.stats().charges.length;

    rmSync(world.dataDir, { recursive: true, force: true });
    const rebuilt = await trove('library', 'rebuild', world.outDir);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toContain(`Rebuilt the library from ${world.outDir}: 3 posts added, 0 posts already there; 5 files and 2 subtitles added`);
    expect(rebuilt.stdout).toContain('No credits were used.');
    expect(byLink(await listLibrary())).toEqual(byLink(before));

    // Again: nothing to add, as --json with the progress events before the result.
    const again = await trove('library', 'rebuild', world.outDir, '--json');
    expect(again.code, again.stderr).toBe(0);
    const lines = jsonLines(again.stdout);
    expect(lines.filter((line) => line.type === 'event' && line.event === 'library.rebuildProgress').length).toBeGreaterThan(1);
    expect(finalObject(again.stdout)).toMatchObject({ type: 'result', command: 'library', rebuild: { postsAdded: 0, postsFound: 3, filesAdded: 0, subtitlesAdded: 0, notTrove: [] } });

    const database = join(world.dataDir, 'trove.db');
    const size = statSync(database).size;
    truncateSync(database, Math.floor(size / 2));
    const started = await trove('library');
    expect(started.code, started.stderr).toBe(0);
    expect(started.stderr).toMatch(/Warning: the library was damaged \(.+\)\. It was moved aside to .*trove\.db\.corrupt-[\dT-]+, and Trove started with an empty library\./u);
    expect(started.stderr).toContain('`trove library rebuild`');
    expect(readdirSync(world.dataDir).filter((name) => /^trove\.db\.corrupt-[\dT-]+$/u.test(name))).toHaveLength(1);
    expect((await listLibrary()).total).toBe(0);

    const restored = await trove('library', 'rebuild', world.outDir, '--json');
    expect(finalObject(restored.stdout)).toMatchObject({ rebuild: { postsAdded: 3, filesAdded: 5, subtitlesAdded: 2 } });
    expect(byLink(await listLibrary())).toEqual(byLink(before));
    expect(world.sandbox.stats().charges.length).toBe(charges);
  }, 300_000);
});
