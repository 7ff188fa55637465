import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import { auditLibrary } from '../../reliability/support/library-audit';
import { extractAgain, verifyAgainstSource } from '../../reliability/support/source-check';
import { killQuietly, unreapedPid, unreapedShellArgs } from '../../core/fs/unreaped-process';
import { MAIN, SANDBOX_KEY, finalObject, jsonLines, startTrove, startWorld } from './run-trove';
import type { CliWorld, TroveProcess } from './run-trove';

/*
 * Who runs a data folder's queue, with real `trove` processes on one folder: a holder
 * killed with SIGKILL, a lock file left behind that names a live process, two `get`s at
 * once. The files must come out byte-exact with one charge per link either way.
 */

/** 64 KiB files at 16 KiB/s: a download lasts long enough to be killed in the middle. */
const THROTTLE = 16 * 1024;

let world: CliWorld;
let reference: Sandbox;
const running: TroveProcess[] = [];
/** Trove processes started unreaped: killing their shell does not end them. */
const unreaped: number[] = [];

beforeAll(async () => {
  world = await startWorld({ throttleBytesPerSecond: THROTTLE });
  reference = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await reference.close();
  await world.close();
});
afterEach(async () => {
  for (const pid of unreaped.splice(0)) killQuietly(pid);
  for (const trove of running.splice(0)) {
    trove.child.kill('SIGKILL');
    await trove.done;
  }
});

let folders = 0;
/** A fresh data folder and download folder for each test. */
async function freshFolders(): Promise<{ dataDir: string; outDir: string; args: string[] }> {
  folders += 1;
  const dataDir = join(world.dataDir, `..`, `data-${folders}`);
  const outDir = join(world.dataDir, `..`, `out-${folders}`);
  await mkdir(dataDir, { recursive: true });
  return { dataDir, outDir, args: ['--service-url', world.sandbox.url, '--data-dir', dataDir] };
}

const start = (args: string[]): TroveProcess => {
  const trove = startTrove(args, { env: world.env });
  running.push(trove);
  return trove;
};

/** `trove` unreaped: once killed it stays a zombie, and a check of its pid still finds it alive. */
function startUnreaped(args: string[]): TroveProcess & { pid: Promise<number> } {
  const trove = startTrove(unreapedShellArgs([process.execPath, '--import', 'tsx', MAIN, ...args]), { env: world.env, command: 'sh' });
  const pid = unreapedPid(trove.child.stderr);
  running.push(trove);
  void pid.then((found) => unreaped.push(found));
  return { ...trove, pid };
}

const chargesFor = (url: string): number => world.sandbox.stats().charges.filter((charge) => charge.url === url).length;

/** Every file of the library equals its source, and every link was paid once. */
async function expectByteExactAndPaidOnce(dataDir: string, links: string[]): Promise<void> {
  const audit = auditLibrary(dataDir);
  expect(audit.jobs.map((job) => job.state)).toEqual(links.map(() => 'done'));
  expect(audit.files).toHaveLength(links.length);
  for (const row of audit.files) {
    expect(existsSync(row.path)).toBe(true);
    const verdict = await verifyAgainstSource(row, await extractAgain(reference.url, SANDBOX_KEY, row.postUrl));
    expect(verdict.ok, verdict.detail).toBe(true);
  }
  for (const link of links) expect(chargesFor(link), link).toBe(1);
}

describe('the queue of a data folder', () => {
  it('is taken over at once by a `get` started right after its holder was killed with SIGKILL, which finishes the work', async () => {
    const { dataDir, outDir, args } = await freshFolders();
    const link = 'https://files.example/f/owner-killed';
    const first = startUnreaped([...args, '--json', 'get', link, '--out', outDir]);
    await first.waitForLine((line) => line.includes('"state":"downloading"') && !line.includes('"bytesDone":0'));
    process.kill(await first.pid, 'SIGKILL');
    // No wait: the killed process stays a zombie (its parent never reaps it), as under a container's pid 1.
    const second = await start([...args, '--json', 'get', link, '--out', outDir]).done;
    expect(second.code, second.stderr).toBe(0);
    expect(finalObject(second.stdout)).toMatchObject({ type: 'result', exitCode: 0 });
    await expectByteExactAndPaidOnce(dataDir, [link]);
  });

  it('runs although a lock file left behind names a live process', async () => {
    const { dataDir, outDir, args } = await freshFolders();
    const unrelated = spawn('sleep', ['60']);
    try {
      const pid = unrelated.pid as number;
      // The pid-file lock of earlier versions, and the holder note of this one: both name a live process.
      writeFileSync(join(dataDir, 'queue.lock'), JSON.stringify({ pid, token: 'left-behind' }));
      writeFileSync(join(dataDir, 'queue-holder.json'), JSON.stringify({ pid, face: 'cli', startedAt: Date.now() }));
      const link = 'https://files.example/f/owner-stale-note';
      const run = await start([...args, 'get', link, '--out', outDir]).done;
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('are run by');
      await expectByteExactAndPaidOnce(dataDir, [link]);
    } finally {
      unrelated.kill('SIGKILL');
    }
  });

  it('has one runner when two `get`s start together: the other follows its jobs there and exits with their outcome', async () => {
    const { dataDir, outDir, args } = await freshFolders();
    // The first has six files to fetch (two rounds of 4 s at the throttle): it still runs when the second starts.
    const own = ['a', 'c', 'd', 'e', 'f', 'g'].map((id) => `https://files.example/f/owner-two-${id}`);
    const links = [...own, 'https://files.example/f/owner-two-b'];
    const failing = 'https://error.example/private_content';
    const first = start([...args, '--json', 'get', ...own, '--out', outDir]);
    await first.waitForLine((line) => line.includes('"state":"downloading"'));
    const second = await start([...args, '--json', 'get', links[6] as string, failing, '--out', outDir]).done;
    // The same outcome as when it runs its jobs itself: one done, one failed.
    expect(second.code, second.stderr).toBe(1);
    // Who runs the queue: the first `get`, named in the event a face would show.
    const runner = jsonLines(second.stdout).find((line) => line.event === 'queue.runner');
    expect(runner?.payload).toMatchObject({ elsewhere: true, holder: { face: 'cli', pid: first.child.pid } });
    // Followed there with the same events: its download's progress, then the summary.
    const lines = jsonLines(second.stdout) as Array<{ type: string; event?: string; payload?: { url: string; state: string; progress: { bytes: number } } }>;
    const progress = lines.filter((line) => line.event === 'job.updated' && line.payload?.url === links[6] && line.payload?.state === 'downloading');
    expect(progress.some((line) => (line.payload?.progress.bytes ?? 0) > 0)).toBe(true);
    expect(finalObject(second.stdout)).toMatchObject({ type: 'result', exitCode: 1, files: [expect.stringContaining('file-owner-two-b.bin')] });
    const firstResult = await first.done;
    expect(firstResult.code, firstResult.stderr).toBe(0);
    // The holder ran the second one's jobs: its event stream shows them.
    expect(firstResult.stdout).toContain('owner-two-b');
    expect(chargesFor(failing)).toBeLessThanOrEqual(1);
    const audit = auditLibrary(dataDir);
    expect(audit.jobs.map((job) => job.state).sort()).toEqual([...links.map(() => 'done'), 'failed']);
    for (const link of links) expect(chargesFor(link), link).toBe(1);
  });

  it('is taken over by a `get` that follows it when its holder is killed, and that `get` finishes its jobs', async () => {
    const { dataDir, outDir, args } = await freshFolders();
    const link = 'https://files.example/f/owner-gone';
    // `trove serve` runs the queue (it never ends by itself), unreaped: killed, it stays a zombie.
    const serve = startUnreaped([...args, '--json', 'serve', '--port', '0']);
    await serve.waitForLine((line) => line.includes('"command":"serve"'));
    const get = start([...args, '--json', 'get', link, '--out', outDir]);
    // Followed while `serve` downloads it, then `serve` is killed.
    await get.waitForLine((line) => line.includes('"event":"job.updated"') && line.includes('"state":"downloading"') && !line.includes('"bytes":0,'));
    process.kill(await serve.pid, 'SIGKILL');
    const result = await get.done;
    expect(result.code, result.stderr).toBe(0);
    const runners = jsonLines(result.stdout).filter((line) => line.event === 'queue.runner').map((line) => line.payload);
    expect(runners).toEqual([
      expect.objectContaining({ elsewhere: true, holder: expect.objectContaining({ face: 'web' }) }),
      expect.objectContaining({ elsewhere: false, holder: null }),
    ]);
    expect(finalObject(result.stdout)).toMatchObject({ type: 'result', exitCode: 0, jobs: [{ url: link, state: 'done' }] });
    await expectByteExactAndPaidOnce(dataDir, [link]);
  });

  it('is taken over by `trove serve` when the `get` that ran it is killed, and serve finishes the job', async () => {
    const { dataDir, outDir, args } = await freshFolders();
    // A video and its audio: long enough at the throttle for serve to start before the get is done.
    const link = 'https://video.example/watch/owner-to-serve';
    const get = startUnreaped([...args, '--json', 'get', link, '--out', outDir]);
    let finishedByGet = false;
    get.waitForLine((line) => line.includes('"state":"done"')).then(
      () => (finishedByGet = true),
      () => undefined,
    );
    await get.waitForLine((line) => line.includes('"state":"downloading"') && !line.includes('"bytes":0,'));
    const serve = start([...args, '--json', 'serve', '--port', '0']);
    await serve.waitForLine((line) => line.includes('"command":"serve"'));
    process.kill(await get.pid, 'SIGKILL');
    expect(finishedByGet).toBe(false);
    let state: string | undefined;
    for (let tries = 0; tries < 200 && state !== 'done'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = auditLibrary(dataDir).jobs[0]?.state;
    }
    expect(state).toBe('done');
    await expectByteExactAndPaidOnce(dataDir, [link]);
  });

  it('only gets the jobs queued with `get --no-wait`: nothing runs or is paid until a Trove runs the queue', async () => {
    const { dataDir, outDir, args } = await freshFolders();
    const link = 'https://files.example/f/owner-no-wait';
    const queued = await start([...args, '--json', 'get', link, '--out', outDir, '--no-wait']).done;
    expect(queued.code, queued.stderr).toBe(0);
    expect(finalObject(queued.stdout)).toMatchObject({ type: 'result', command: 'get', exitCode: 0, jobs: [{ url: link, state: 'queued' }] });
    expect(chargesFor(link)).toBe(0);
    const resumed = await start([...args, 'queue', 'resume']).done;
    expect(resumed.code, resumed.stderr).toBe(0);
    await expectByteExactAndPaidOnce(dataDir, [link]);
  });
});
