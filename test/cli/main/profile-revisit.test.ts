import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalObject, runTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/* A profile visited again from the real CLI, against a sandbox that counts every page it charges. */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld({ pageSize: 4 });
});
afterAll(() => world.close());

const trove = (...args: string[]) => runTrove([...world.args, ...args], { env: world.env });
const pagesCharged = (url: string): number => world.sandbox.stats().charges.filter((charge) => charge.url === url && charge.endpoint.includes('playlist')).length;

interface JobJson {
  kind: string;
  state: string;
  error?: { code: string };
}

describe('a profile visited again, from the CLI', () => {
  it('says how many posts are new since the last visit, and --sync downloads just those for one page', async () => {
    const profile = 'https://video.example/@cli-visit-12';
    // Last visit: the third post of the profile was downloaded.
    const first = await trove('get', 'https://video.example/watch/cli-visit-3', '--quality', '360', '--out', world.outDir);
    expect(first.code, first.stderr).toBe(0);

    const seen = await trove('extract', profile);
    expect(seen.code, seen.stderr).toBe(0);
    expect(seen.stdout).toContain(`2 new posts since your last visit: \`trove get --sync ${profile}\` downloads them.`);
    expect(pagesCharged(profile)).toBe(1);

    const synced = await trove('get', '--sync', profile, '--quality', '360', '--out', world.outDir, '--json');
    expect(synced.code, synced.stderr).toBe(0);
    const jobs = (finalObject(synced.stdout) as { jobs: JobJson[] }).jobs;
    expect(jobs.filter((job) => job.kind === 'post' && job.state === 'done')).toHaveLength(2);
    // One page, not all three: the sync stops at the post already in the library.
    expect(pagesCharged(profile)).toBe(2);

    // Seen before now: shown from the library, free, with the priced ways on.
    const after = await trove('extract', profile);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('Seen before: last visit');
    // The two the sync took; the post downloaded on its own is by the sandbox's watch-page author,
    // not @cli-visit, and the library finds a profile's posts by its username.
    expect(after.stdout, after.stdout).toContain('In your library: 2 posts, newest first:');
    expect(after.stdout).toContain('(from the library, not charged)');
    expect(pagesCharged(profile)).toBe(2);

    const rechecked = await trove('extract', '--recheck', profile);
    expect(rechecked.stdout).toContain('No new posts since your last visit.');
    expect(pagesCharged(profile)).toBe(3);
  });

  it('--max-credits stops a profile run before the page that would pass it, and says so', async () => {
    const profile = 'https://video.example/@cli-capped-12';
    // The page price (the sandbox's 5) is not known yet: the first page teaches it, and a cap of 7 stops before the second.
    const run = await trove('get', profile, '--max-credits', '7', '--quality', '360', '--out', world.outDir, '--json');
    const result = finalObject(run.stdout) as { exitCode: number; jobs: JobJson[] };
    expect(result.jobs.find((job) => job.kind === 'playlist')?.error?.code).toBe('cost_cap_reached');
    expect(result.jobs.filter((job) => job.kind === 'post' && job.state === 'done')).toHaveLength(4);
    expect(pagesCharged(profile)).toBe(1);
    expect(run.code).not.toBe(0);
  });
});
