import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../closed-port';
import { finalObject, jsonLines, runTrove, startTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/* Every engine command of the real CLI, run as a child process against a sandbox. */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const trove = (...args: string[]) => runTrove([...world.args, ...args], { env: world.env });
const chargesFor = (url: string): number => world.sandbox.stats().charges.filter((charge) => charge.url === url).length;
const CONTROL = String.fromCharCode(27);

describe('trove extract', () => {
  it('shows a post with its variants, the recommended one marked, and charges once', async () => {
    const link = 'https://video.example/watch/cli-extract';
    const run = await trove('extract', link);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/720p.*← recommended/);
    expect(run.stdout).toContain('1080p');
    expect(run.stdout).toContain('(charged)');
    expect(run.stdout).not.toContain(CONTROL);
    expect(chargesFor(link)).toBe(1);
  });

  it('returns the contract result with --json', async () => {
    const link = 'https://photos.example/p/cli-photos';
    const run = await trove('extract', link, '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const result = finalObject(run.stdout) as { type: string; command: string; exitCode: number; result: { kind: string; post: { medias: unknown[]; title?: string } } };
    expect(result).toMatchObject({ type: 'result', command: 'extract', exitCode: 0, result: { kind: 'post' } });
    expect(result.result.post.medias).toHaveLength(3);
    expect(result.result.post.title).toBeUndefined();
  });

  it('speaks the legacy API when asked', async () => {
    const link = 'https://video.example/watch/cli-legacy';
    const run = await trove('--api-version', 'legacy', 'extract', link, '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(world.sandbox.stats().charges.filter((charge) => charge.url === link).map((charge) => charge.endpoint)).toEqual([
      'legacy POST /extract/post',
    ]);
  });

  it('shows a page of a profile and how to ask for the next one', async () => {
    const run = await trove('extract', 'https://video.example/@cli-maker-3');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ {2}1\. /);
    expect(run.stdout).toMatch(/3\. /);
  });
});

describe('trove get', () => {
  it('downloads a post, with a line per event and no control codes off a terminal, then lists the files', async () => {
    const link = 'https://video.example/watch/cli-get-plain';
    const run = await trove('get', link, '--out', world.outDir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain(CONTROL);
    expect(run.stdout).toMatch(/^#\d+ (queued|extracting)/m);
    expect(run.stdout).toMatch(/^#\d+ done /m);
    expect(run.stdout).toContain('1 of 1 post done.');
    const files = run.stdout.split('Files:\n')[1]?.trim().split('\n').map((line) => line.trim()) ?? [];
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(statSync(file).size).toBeGreaterThan(0);
    expect(chargesFor(link)).toBe(1);
  });

  it('prints events and a final result with the files written, with --json', async () => {
    const link = 'https://video.example/watch/cli-get-json';
    const run = await trove('get', link, '--out', world.outDir, '--quality', '360', '--subs', 'en', '--json');
    expect(run.code, run.stderr).toBe(0);
    const lines = jsonLines(run.stdout);
    const events = lines.filter((line) => line.type === 'event');
    expect(events.some((line) => line.event === 'job.updated' && (line.payload as { state: string }).state === 'done')).toBe(true);
    const result = finalObject(run.stdout) as { exitCode: number; jobs: Array<{ state: string; url: string; files: string[] }>; files: string[] };
    expect(result.exitCode).toBe(0);
    expect(result.jobs).toEqual([expect.objectContaining({ state: 'done', url: link })]);
    expect(result.files.some((file) => file.endsWith('.mp4'))).toBe(true);
    for (const file of result.files) expect(existsSync(file)).toBe(true);
    expect(readdirSync(world.outDir).some((name) => name.includes('cli-get-json') && name.endsWith('.srt'))).toBe(true);
  });

  it('skips a post already in the library without paying, printing only the summary with --quiet', async () => {
    const link = 'https://video.example/watch/cli-get-plain';
    const run = await trove('get', link, '--out', world.outDir, '--quiet');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Skipped https:\/\/video\.example\/watch\/cli-get-plain: .*--force/m);
    expect(run.stdout).not.toMatch(/^#\d+ /m);
    expect(chargesFor(link)).toBe(1);
  });

  it('downloads a limited number of posts of a profile', async () => {
    const run = await trove('get', 'https://video.example/@cli-profile-5', '--limit', '2', '--quality', '360', '--out', world.outDir, '--json');
    expect(run.code, run.stderr).toBe(0);
    const result = finalObject(run.stdout) as { jobs: Array<{ kind: string; state: string }> };
    const posts = result.jobs.filter((job) => job.kind === 'post');
    expect(posts).toHaveLength(2);
    expect(posts.every((job) => job.state === 'done')).toBe(true);
  });

  it('refuses a bad link among good ones before queueing any of them', async () => {
    const good = 'https://video.example/watch/cli-get-before-bad';
    const run = await trove('get', good, 'not a link', '--out', world.outDir, '--json');
    expect(run.code, run.stderr).toBe(2);
    const error = finalObject(run.stdout) as { code: string; message: string };
    expect(error).toMatchObject({ type: 'error', code: 'invalid_link', exitCode: 2 });
    expect(error.message).toContain('not a link');
    const queue = finalObject((await trove('queue', '--json')).stdout) as { jobs: Array<{ url: string }> };
    expect(queue.jobs.map((job) => job.url)).not.toContain(good);
    expect(chargesFor(good)).toBe(0);
  });
});

describe('trove queue and library', () => {
  it('lists the queue, and acts on jobs', async () => {
    const listed = await trove('queue', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const { jobs } = finalObject(listed.stdout) as { jobs: Array<{ state: string }> };
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((job) => job.state === 'done')).toBe(true);

    const plain = await trove('queue', 'list');
    expect(plain.stdout).toMatch(/^#\d+ done /m);

    const paused = await trove('queue', 'pause', '--json');
    expect(finalObject(paused.stdout)).toMatchObject({ command: 'queue', action: 'pause', changed: 0 });
    const resumed = await trove('queue', 'resume', '--json');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(finalObject(resumed.stdout)).toMatchObject({ command: 'queue', exitCode: 0, jobs: [] });
  });

  it('refuses job ids that are not in the queue, for every action, and changes nothing', async () => {
    for (const action of ['pause', 'resume', 'cancel', 'retry']) {
      const run = await trove('queue', action, '987654', '--json');
      expect(run.code, `${action}: ${run.stdout}`).toBe(1);
      expect(finalObject(run.stdout)).toMatchObject({ type: 'error', code: 'job_not_found', exitCode: 1 });
      expect((finalObject(run.stdout) as { message: string }).message).toContain('987654');
    }
    const plain = await trove('queue', 'cancel', '987654');
    expect(plain.stderr).toMatch(/^Error: .*987654.*\(job_not_found\)\n {2}→ .*trove queue list/m);
  });

  it('clears finished jobs from the queue, done and canceled ones unless states are named', async () => {
    const failed = await trove('get', 'https://error.example/private_content', '--json');
    expect(failed.code).toBe(3);
    const before = finalObject((await trove('queue', '--json')).stdout) as { jobs: Array<{ state: string }> };
    const doneCount = before.jobs.filter((job) => job.state === 'done').length;
    expect(doneCount).toBeGreaterThan(0);

    const cleared = await trove('queue', 'clear', '--json');
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(finalObject(cleared.stdout)).toMatchObject({ command: 'queue', action: 'clear', removed: doneCount });
    const after = finalObject((await trove('queue', '--json')).stdout) as { jobs: Array<{ state: string }> };
    expect(after.jobs.map((job) => job.state)).toEqual(['failed']);

    const plain = await trove('queue', 'clear', 'failed');
    expect(plain.stdout).toBe('Removed 1 job (failed) from the queue.\n');
    const wrong = await trove('queue', 'clear', 'running');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('done, failed, canceled');
  });

  it('lists, searches, shows and removes library posts', async () => {
    const listed = await trove('library', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const { items, total } = finalObject(listed.stdout) as { items: Array<{ id: number; caption: string }>; total: number };
    expect(total).toBeGreaterThanOrEqual(4);
    const first = items[0]!;

    const word = first.caption.split(/\s+/).find((part) => part.length > 3) ?? first.caption;
    const found = await trove('library', 'search', word, '--json');
    expect((finalObject(found.stdout) as { items: Array<{ id: number }> }).items.map((item) => item.id)).toContain(first.id);

    const shown = await trove('library', 'show', String(first.id));
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^file: /m);

    const removed = await trove('library', 'remove', String(first.id), '--delete-files', '--json');
    expect(removed.code, removed.stderr).toBe(0);
    const { removedFiles } = finalObject(removed.stdout) as { removedFiles: string[] };
    expect(removedFiles.length).toBeGreaterThan(0);
    for (const file of removedFiles) expect(existsSync(file)).toBe(false);

    const missing = await trove('library', 'show', String(first.id), '--json');
    expect(missing.code).toBe(1);
    expect(finalObject(missing.stdout)).toMatchObject({ type: 'error', exitCode: 1 });
  });
});

describe('trove library search --said', () => {
  it('finds a sentence said in a downloaded video, best first, and gives each moment with --json', async () => {
    const link = 'https://video.example/watch/cli-said';
    const got = await trove('get', link, '--out', world.outDir, '--subs', 'en,ja', '--json');
    expect(got.code, got.stderr).toBe(0);

    const plain = await trove('library', 'search', 'that\'s', 'all', 'folks', '--said');
    expect(plain.code, plain.stderr).toBe(0);
    // every sandbox video says this line, and an earlier test here saved English subtitles too
    expect(plain.stdout).toMatch(/^#\d+ {2}Sample video cli-said {2}en-US {2}0:02$/m);
    expect(plain.stdout).toContain("    [That's] [all], [folks]");
    expect(plain.stdout).toMatch(/ moments?, said in \d+ videos?\)$/m);

    const json = await trove('library', 'search', '二行', '--said', '--json');
    expect(json.code, json.stderr).toBe(0);
    const result = finalObject(json.stdout) as { moments: Array<Record<string, unknown>>; videos: number };
    expect(result.videos).toBe(1);
    expect(result.moments).toEqual([
      expect.objectContaining({ link, language: 'ja-JP', startMs: 1000, endMs: 2000, text: 'これは「サンプル」です\n二行あります', marks: [{ start: 12, end: 14 }] }),
    ]);
    expect(result.moments[0]?.postId).toEqual(expect.any(Number));

    const nothing = await trove('library', 'search', 'goodbye', 'moon', '--said');
    expect(nothing.stdout).toBe('No saved subtitles say "goodbye moon".\n');
  });
});

describe('trove get beside a running Trove', () => {
  it('adds its jobs to the queue of the Trove that runs this data folder, says so, and follows them there to the end', async () => {
    const serve = startTrove([...world.args, 'serve', '--port', '0', '--json'], { env: world.env });
    try {
      await serve.waitForLine((text) => text.includes('"command":"serve"'));
      const link = 'https://files.example/f/cli-beside-serve';
      const run = await trove('get', link);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/run by Trove in a browser \(`trove serve`\) \(process \d+, since .*the jobs were added to its queue/);
      expect(run.stdout).toContain('file-cli-beside-serve.bin');
      const listed = finalObject((await trove('queue', 'list', '--json')).stdout) as { jobs: Array<{ url: string; state: string }> };
      expect(listed.jobs.find((job) => job.url === link)?.state).toBe('done');
      expect(chargesFor(link)).toBe(1);
    } finally {
      serve.child.kill('SIGINT');
      await serve.done;
    }
  });
});

describe('settings that could not be read', () => {
  it('are named in a warning on stderr, and the command still runs on the defaults (not with --json)', async () => {
    const dataDir = join(world.dataDir, '..', 'damaged-settings');
    await mkdir(dataDir, { recursive: true });
    const args = ['--service-url', world.sandbox.url, '--data-dir', dataDir];
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ theme: 'purple', concurrency: 0 }));
    const values = await runTrove([...args, 'library', 'list'], { env: world.env });
    expect(values.code, values.stderr).toBe(0);
    expect(values.stderr).toContain('these settings had values Trove could not use and are at their defaults: concurrency, theme.');

    await writeFile(join(dataDir, 'settings.json'), '{"concurrency": 3,');
    const unreadable = await runTrove([...args, 'library', 'list'], { env: world.env });
    expect(unreadable.code, unreadable.stderr).toBe(0);
    expect(unreadable.stderr).toContain(`${join(dataDir, 'settings.json')} could not be read, so the default settings are in use.`);
    const json = await runTrove([...args, 'library', 'list', '--json'], { env: world.env });
    expect(json.stderr).toBe('');
  });
});

describe('unexpected errors', () => {
  it('print their message, and their stack only with --debug', async () => {
    // A data directory that is a file: the engine cannot start.
    const notADirectory = join(world.outDir, 'not-a-directory');
    await mkdir(world.outDir, { recursive: true });
    await writeFile(notADirectory, 'x');
    const plain = await runTrove(['--data-dir', notADirectory, 'credits'], { env: world.env });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^Error: Trove could not start: /);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const debug = await runTrove(['--data-dir', notADirectory, 'credits', '--debug'], { env: world.env });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });
});

describe('trove subtitles and credits', () => {
  it('saves the subtitles of a video in the chosen languages and format', async () => {
    const run = await trove('subtitles', 'https://video.example/watch/cli-subs', '--lang', 'en', '--format', 'vtt', '--out', world.outDir, '--json');
    expect(run.code, run.stderr).toBe(0);
    const result = finalObject(run.stdout) as { paths: string[]; tracks: unknown[]; charged: boolean };
    expect(result.tracks.length).toBeGreaterThanOrEqual(3);
    expect(result.paths).toHaveLength(1);
    expect(result.paths[0]).toMatch(/\.vtt$/);
    expect(existsSync(result.paths[0]!)).toBe(true);
  });

  it('shows the balance and the spend by day', async () => {
    const run = await trove('credits', '--json');
    expect(run.code, run.stderr).toBe(0);
    const result = finalObject(run.stdout) as { balance: { availableCredits: number }; ledger: { byDay: Array<{ calls: number }> } };
    expect(result.balance.availableCredits).toBe(world.sandbox.getBalance('sandbox-key'));
    expect(result.ledger.byDay.reduce((sum, day) => sum + day.calls, 0)).toBeGreaterThan(0);
    const plain = await trove('credits');
    expect(plain.stdout).toContain(`Balance: ${world.sandbox.getBalance('sandbox-key')} credits`);
  });

  it('after a 402 says the balance as the service has it now', async () => {
    const before = world.sandbox.getBalance('sandbox-key');
    world.sandbox.setBalance('sandbox-key', 3);
    try {
      const run = await trove('extract', 'https://video.example/@cli-broke-5');
      expect(run.code).toBe(5);
      expect(run.stderr).toContain('(out_of_credits)');
      expect(run.stderr).toMatch(/^Balance: 3 credits \(checked \d{1,2}:\d{2}( [AP]M)?\)$/m);
    } finally {
      world.sandbox.setBalance('sandbox-key', before);
    }
  });

  it('shows the last balance as old, with when it was checked, when the service cannot be reached', async () => {
    const known = world.sandbox.getBalance('sandbox-key');
    expect((await trove('credits')).code).toBe(0);
    const unreachable = await runTrove(['--service-url', `http://127.0.0.1:${await closedPort()}`, '--data-dir', world.dataDir, 'credits'], { env: world.env });
    expect(unreachable.code).toBe(3);
    expect(unreachable.stdout).toMatch(new RegExp(`Balance: ${known} credits as of \\d{1,2}:\\d{2}.* · couldn't reach the service`));
    const json = await runTrove(['--service-url', `http://127.0.0.1:${await closedPort()}`, '--data-dir', world.dataDir, 'credits', '--json'], { env: world.env });
    const result = finalObject(json.stdout) as { exitCode: number; balance: { availableCredits: number; refreshFailed?: { code: string } } };
    expect(result.exitCode).toBe(3);
    expect(result.balance).toMatchObject({ availableCredits: known, refreshFailed: { code: 'network_error' } });
  });
});
