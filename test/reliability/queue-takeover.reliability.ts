import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { jsonLines, MAIN, startTrove } from '../cli/main/run-trove';
import type { TroveProcess } from '../cli/main/run-trove';
import { killQuietly, unreapedPid, unreapedShellArgs } from '../core/fs/unreaped-process';
import { recordFigures } from './support/figures';
import { LEFTOVER, auditLibrary, listFiles } from './support/library-audit';
import { seededRandom } from './support/seeded-random';
import { sized } from './support/sizes';
import { extractAgain, verifyAgainstSource } from './support/source-check';

/*
 * Queue takeover: the `trove get` that runs a data folder's queue is killed with SIGKILL
 * in the middle of a download or a merge, and a second `get` of the same link starts at
 * once, with no sleep, while the killed one is still an unreaped zombie (its pid "alive").
 * The second must take the queue over and finish: exit 0, the file equal to its source,
 * one charge, nothing half-written left. Each round is one link, a video with split
 * streams (killed while downloading or merging) or a plain file, killed at a random moment
 * after its extraction was recorded.
 */

const KEY = 'sandbox-key';
const ROUNDS = sized(4, 20);
const THROTTLE = 48 * 1024;
type Trigger = 'downloading' | 'processing';

let sandbox: Sandbox;
let reference: Sandbox;
let root: string;
let keep = false;
const unreaped: number[] = [];
const started: TroveProcess[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, throttleBytesPerSecond: THROTTLE });
  reference = await startSandbox({ port: 0 });
  root = await mkdtemp(join(tmpdir(), 'trove-takeover-'));
});
afterEach(async () => {
  for (const pid of unreaped.splice(0)) killQuietly(pid);
  for (const trove of started.splice(0)) {
    trove.child.kill('SIGKILL');
    await trove.done;
  }
});
afterAll(async () => {
  await sandbox?.close();
  await reference?.close();
  if (root && !keep) await rm(root, { recursive: true, force: true });
});

/**
 * Resolves once ffmpeg merges in `outDir` (its temp's owner file is there), looked for every
 * 2 ms: the state line for a merge this short may be coalesced away. Gives up when `finished`.
 */
async function mergeStarted(outDir: string, finished: Promise<unknown>): Promise<void> {
  let over = false;
  void finished.then(() => (over = true));
  while (!over) {
    const names = await readdir(outDir).catch(() => [] as string[]);
    if (names.some((name) => name.includes('.merging-'))) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return new Promise(() => undefined); // `finished` wins the race
}

describe('queue-takeover', () => {
  it(`a get started the moment the queue's holder is killed takes over and finishes, ${ROUNDS} times`, async () => {
    onTestFailed(() => {
      keep = true;
      console.log(`queue-takeover: the failed run's folders are kept in ${root}`);
    });
    const random = seededRandom('queue-takeover');
    const seed = `seed ${random.seed} (TROVE_RELIABILITY_SEED=${random.seed} replays it)`;
    const dataDir = join(root, 'data');
    const outDir = join(root, 'out');
    const globals = ['--service-url', sandbox.url, '--data-dir', dataDir, '--json'];
    const env = { TROVE_API_KEY: KEY };
    const links: string[] = [];
    const byTrigger: Record<Trigger, number> = { downloading: 0, processing: 0 };
    let finishedBeforeKill = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const video = round % 2 === 0;
      const link = video ? `https://video.example/watch/qt-v${round}` : `https://files.example/f/qt-f${round}`;
      links.push(link);
      const trigger: Trigger = round % 4 === 2 ? 'processing' : 'downloading';
      const args = [...globals, 'get', link, '--out', outDir];

      const holder = startTrove(unreapedShellArgs([process.execPath, '--import', 'tsx', MAIN, ...args]), { env, command: 'sh' });
      started.push(holder);
      const pid = await unreapedPid(holder.child.stderr);
      unreaped.push(pid);
      // Its stdout never closes (the shell keeps it), so its own end is seen in its result line.
      // (A line that never comes is given up when the shell is killed at the end: 'closed'.)
      const finished = holder.waitForLine((line) => line.includes('"type":"result"')).then(
        () => 'finished' as const,
        () => 'closed' as const,
      );
      const reached =
        trigger === 'downloading'
          ? holder.waitForLine((line) => line.includes('"event":"job.updated"') && line.includes('"state":"downloading"')).then(
              () => 'reached' as const,
              () => 'closed' as const,
            )
          : mergeStarted(outDir, finished).then(() => 'reached' as const);
      const first = await Promise.race([reached, finished]);
      // A merge of the sample lasts a moment only: killed at once, a download within a few hundred ms.
      if (first === 'reached' && trigger === 'downloading') await new Promise((resolve) => setTimeout(resolve, random.int(0, 300)));
      process.kill(pid, 'SIGKILL');
      // At once: the killed holder is a zombie, its pid still answers kill(pid, 0).
      const next = startTrove(args, { env });
      started.push(next);
      const result = await next.done;
      const context = `round ${round} (${link}, killed while ${trigger}): ${seed}\n${result.stderr}`;
      expect(result.code, context).toBe(0);
      const outcome = jsonLines(result.stdout).at(-1) as { jobs: Array<{ url: string; state: string }>; skipped?: Array<{ url: string }> };
      if (first === 'finished') {
        // The holder was done before the kill (a merge faster than the look): the post is in the library already.
        expect(outcome.skipped?.map((skip) => skip.url), context).toEqual([link]);
        finishedBeforeKill += 1;
        continue;
      }
      // Done by this process, not left to the one that was killed.
      expect(outcome, context).toMatchObject({ type: 'result', exitCode: 0, jobs: [{ url: link, state: 'done' }] });
      byTrigger[trigger] += 1;
    }

    const audit = auditLibrary(dataDir);
    expect(audit.integrity, seed).toEqual(['ok']);
    expect(audit.jobs.filter((job) => job.state !== 'done'), seed).toEqual([]);
    expect(audit.posts).toHaveLength(ROUNDS);
    expect(listFiles(outDir).filter((path) => LEFTOVER.test(path)), seed).toEqual([]);
    expect(listFiles(outDir).sort(), seed).toEqual(audit.files.map((row) => row.path).sort());
    let bytesVerified = 0;
    for (const row of audit.files) {
      const verdict = await verifyAgainstSource(row, await extractAgain(reference.url, KEY, row.postUrl));
      expect(verdict.ok, `${verdict.detail}; ${seed}`).toBe(true);
      bytesVerified += verdict.bytes;
    }
    // Killed only after the extraction was recorded: nothing may be paid twice.
    const charges = sandbox.stats().charges;
    for (const link of links) expect(charges.filter((charge) => charge.url === link), `${link}; ${seed}`).toHaveLength(1);

    recordFigures('queue-takeover', { rounds: ROUNDS, killedWhile: byTrigger, finishedBeforeKill, files: audit.files.length, bytesVerified, charges: charges.length, seed: random.seed });
  });
});
