import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { jsonLines, startTrove } from '../cli/main/run-trove';
import { serviceWithBlobs } from './support/blob-items';
import { recordFigures } from './support/figures';
import { LEFTOVER, auditLibrary, listFiles } from './support/library-audit';
import { seededRandom } from './support/seeded-random';
import type { ServiceShim } from './support/service-shim';
import { sized } from './support/sizes';
import { extractAgain, verifyAgainstSource } from './support/source-check';
import { sidecarPath } from '../../src/core/media/sidecar';

/*
 * Crash-kill: the real `trove` CLI downloads a queue of 20 posts from a throttled
 * sandbox and is killed with SIGKILL at random moments (some timed at random, some just
 * after a job starts extracting or merging), then restarted, again and again. At the end
 * every file must equal its source, the database must be sound, nothing duplicated or
 * left half-written, and no extraction the engine received may have been paid twice.
 */

const KEY = 'sandbox-key';
const KILLS = sized(8, 30);
const THROTTLE = 64 * 1024;
/** Above the downloader's 8 MiB threshold, so it is fetched in segments over 4 connections. */
const LARGE_BYTES = sized(9, 40) * 1024 * 1024;
const LARGE_LINK = 'https://files.example/f/large-1';
/** A charge the engine never recorded must have been cut off by a kill this soon after. */
const CHARGE_TO_KILL_MS = 3_000;

const LINKS = [
  ...Array.from({ length: 10 }, (_, n) => `https://video.example/watch/ck-v${n + 1}`),
  'https://guarded.example/watch/ck-g1',
  LARGE_LINK,
  ...Array.from({ length: 3 }, (_, n) => `https://files.example/f/ck-f${n + 1}`),
  'https://music.example/t/ck-m1',
  'https://music.example/t/ck-m2',
  'https://photos.example/p/ck-p1',
  'https://photos.example/p/ck-p2',
  'https://ai.example/s/ck-a1',
];

type Trigger = 'time' | 'extracting' | 'downloading' | 'processing';
const TRIGGERS: readonly Trigger[] = ['time', 'time', 'extracting', 'downloading', 'processing'];

let sandbox: Sandbox;
/** Unthrottled, for verification: samples and blobs are the same bytes from any sandbox. */
let reference: Sandbox;
let shim: ServiceShim;
let referenceShim: ServiceShim;
let root: string;
/** A failed run keeps its folders (database, files, parts) for a look. */
let keep = false;

/** The catalog has no file above 8 MiB: the service answers the large item with a blob. */
const withLargeItem = (target: Sandbox): Promise<ServiceShim> => serviceWithBlobs(target, (link) => (link === LARGE_LINK ? LARGE_BYTES : undefined));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, throttleBytesPerSecond: THROTTLE, ttlSeconds: 24 * 3600 });
  reference = await startSandbox({ port: 0 });
  shim = await withLargeItem(sandbox);
  referenceShim = await withLargeItem(reference);
  root = await mkdtemp(join(tmpdir(), 'trove-crash-'));
});

afterAll(async () => {
  await shim?.close();
  await referenceShim?.close();
  await sandbox?.close();
  await reference?.close();
  if (root && !keep) await rm(root, { recursive: true, force: true });
});

interface Kill {
  at: number;
  trigger: Trigger;
  /** A job was downloading when the kill came. */
  midTransfer: boolean;
}

describe('crash-kill', () => {
  it(`survives ${KILLS} SIGKILLs of the CLI with every file intact and nothing paid twice`, async () => {
    onTestFailed(() => {
      keep = true;
      console.log(`crash-kill: the failed run's folders are kept in ${root}`);
    });
    const random = seededRandom('crash-kill');
    const dataDir = join(root, 'data');
    const outDir = join(root, 'out');
    const globals = ['--service-url', shim.url, '--data-dir', dataDir, '--json'];
    const getArgs = [...globals, 'get', ...LINKS, '--out', outDir];
    const env = { TROVE_API_KEY: KEY };
    const kills: Kill[] = [];
    const seed = `seed ${random.seed} (TROVE_RELIABILITY_SEED=${random.seed} replays it)`;

    for (let round = 0; kills.length < KILLS; round++) {
      // Restart alternately as a user would: the same get again, or queue resume.
      const args = round % 2 === 0 ? getArgs : [...globals, 'queue', 'resume'];
      const trove = startTrove(args, { env });
      const trigger = random.pick(TRIGGERS);
      let downloading = false;
      const seen = trove.waitForLine((line) => line.includes('"state":"downloading"')).then(
        () => (downloading = true),
        () => undefined,
      );
      void seen;
      const exited = trove.done.then(() => 'exited' as const);
      const fire =
        trigger === 'time'
          ? new Promise<'fire'>((resolve) => setTimeout(() => resolve('fire'), random.int(300, 4_000)))
          : trove
              .waitForLine((line) => line.includes(`"state":"${trigger}"`))
              .then(() => new Promise<'fire'>((resolve) => setTimeout(() => resolve('fire'), random.int(0, trigger === 'extracting' ? 40 : 400))))
              .catch(() => 'fire' as const);
      const fallback = new Promise<'fire'>((resolve) => setTimeout(() => resolve('fire'), 8_000));
      const first = await Promise.race([fire, fallback, exited]);
      if (first === 'exited') {
        const result = await trove.done;
        expect(result.code, `round ${round}: ${seed}\n${result.stderr}`).toBe(0);
        // A resume with nothing queued yet (the get before it died early) ends at once; a
        // get that ends means the work ran out before the kills did: the throttle is too fast.
        if (args === getArgs) expect.fail(`round ${round}: trove finished the work after only ${kills.length} kills; ${seed}`);
        expect(round, `${seed}: too many rounds without a kill`).toBeLessThan(KILLS * 4);
        continue;
      }
      const at = Date.now();
      trove.child.kill('SIGKILL');
      const result = await trove.done;
      expect(result.signal, `round ${round}: ${seed}\n${result.stderr}`).toBe('SIGKILL');
      kills.push({ at, trigger, midTransfer: downloading });
    }

    // The last restart runs to the end.
    const final = await startTrove(getArgs, { env }).done;
    expect(final.code, `${seed}\n${final.stdout.slice(-3000)}\n${final.stderr}`).toBe(0);
    const resumed = await startTrove([...globals, 'queue', 'resume'], { env }).done;
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(jsonLines(resumed.stdout).at(-1)).toMatchObject({ type: 'result', exitCode: 0 });

    const audit = auditLibrary(dataDir);
    expect(audit.integrity, seed).toEqual(['ok']);
    expect(audit.foreignKeyViolations).toBe(0);
    expect(audit.jobs.filter((job) => job.state !== 'done'), seed).toEqual([]);
    expect(audit.posts).toHaveLength(LINKS.length);
    expect(audit.duplicatePosts, seed).toEqual([]);
    expect(audit.duplicateFileSlots, seed).toEqual([]);

    // Every file in the folder is a library file (or the details sidecar beside a library image)
    // and the reverse; nothing half-written anywhere.
    const onDisk = listFiles(outDir).sort();
    expect(onDisk.filter((path) => LEFTOVER.test(path)), seed).toEqual([]);
    expect(listFiles(dataDir).filter((path) => LEFTOVER.test(path)), seed).toEqual([]);
    const sidecars = audit.files.filter((row) => /\.(jpe?g|png|webp|gif)$/i.test(row.path)).map((row) => sidecarPath(row.path));
    expect(onDisk, seed).toEqual([...audit.files.map((row) => row.path), ...sidecars].sort());

    // Every file against the bytes its media host serves.
    let bytesVerified = 0;
    const posts = new Map<string, Awaited<ReturnType<typeof extractAgain>>>();
    for (const row of audit.files) {
      const post = posts.get(row.postUrl) ?? (await extractAgain(referenceShim.url, KEY, row.postUrl));
      posts.set(row.postUrl, post);
      const verdict = await verifyAgainstSource(row, post);
      expect(verdict.ok, `${verdict.detail}; ${seed}`).toBe(true);
      bytesVerified += verdict.bytes;
    }

    // Paid once: no link is in the ledger twice, and every charge the ledger lacks was a
    // response cut off by a kill (charged by the service, never received by the engine).
    const ledgerLinks = audit.ledger.map((entry) => entry.link);
    const twice = ledgerLinks.filter((link, index) => ledgerLinks.indexOf(link) !== index);
    expect(twice, seed).toEqual([]);
    const charges = sandbox.stats().charges;
    const unrecorded = charges.filter((charge) => {
      const recorded = ledgerLinks.filter((link) => link === charge.url).length;
      const paid = charges.filter((other) => other.url === charge.url);
      return paid.indexOf(charge) >= recorded;
    });
    for (const charge of unrecorded) {
      const cutOff = kills.some((kill) => kill.at >= charge.at && kill.at - charge.at <= CHARGE_TO_KILL_MS);
      expect(cutOff, `${charge.url} was charged at ${charge.at} and never recorded, with no kill soon after; ${seed}`).toBe(true);
    }
    expect(new Set(charges.map((charge) => charge.url)).size).toBe(LINKS.length);

    recordFigures('crash-kill', {
      kills: kills.length,
      killsMidTransfer: kills.filter((kill) => kill.midTransfer).length,
      killsByTrigger: Object.fromEntries(TRIGGERS.map((trigger) => [trigger, kills.filter((kill) => kill.trigger === trigger).length])),
      downloads: LINKS.length,
      files: audit.files.length,
      bytesVerified,
      largeFileBytes: LARGE_BYTES,
      charges: charges.length,
      chargesLostToKills: unrecorded.length,
      seed: random.seed,
    });
  });
});
