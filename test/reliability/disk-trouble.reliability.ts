import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import type { JobView } from '../../src/shared/jobs';
import { finalObject, runTrove } from '../cli/main/run-trove';
import { serviceWithBlobs } from './support/blob-items';
import { unclearParts } from './support/clear-error';
import { recordFigures } from './support/figures';
import { auditLibrary, listFiles } from './support/library-audit';
import type { ServiceShim } from './support/service-shim';
import { mountSmallDisk, smallDiskUnavailable } from './support/small-disk';
import type { SmallDisk } from './support/small-disk';
import { sha256, sha256OfFile } from './support/source-check';

/*
 * Disk trouble on real file systems (small tmpfs mounts): a download folder that fills
 * up, a data folder that fills up under the database, read-only folders. Each time the
 * job must fail with a clear message, keep what it downloaded for the retry, leave the
 * database intact, and finish once there is room (or write access) again.
 */

const KEY = 'sandbox-key';
const MiB = 1024 * 1024;
const BIG = 4 * MiB;
const unavailable = smallDiskUnavailable();

let sandbox: Sandbox;
let shim: ServiceShim;
let root: string;
const disks: SmallDisk[] = [];
const cores: Core[] = [];
const figures = { scenarios: 0, diskFullFailures: 0, readOnlyFailures: 0, resumedBytes: 0 };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, faults: true });
  shim = await serviceWithBlobs(sandbox, (link) => (link.includes('/f/big-') ? BIG : undefined));
  root = await mkdtemp(join(tmpdir(), 'trove-disk-trouble-'));
});

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const disk of disks.splice(0)) disk.unmount();
});

afterAll(async () => {
  await shim?.close();
  await sandbox?.close();
  if (root) await rm(root, { recursive: true, force: true });
  if (!unavailable) recordFigures('disk-trouble', figures);
});

const disk = (sizeBytes: number, readOnly = false): SmallDisk => {
  const mounted = mountSmallDisk(sizeBytes, { readOnly });
  disks.push(mounted);
  return mounted;
};

async function openCore(dataDir: string, downloadFolder: string): Promise<Core> {
  const core = await createCore({
    dataDir,
    env: { TROVE_API_KEY: KEY, PATH: process.env['PATH'] ?? '' },
    settings: { serviceUrl: shim.url, downloadFolder, concurrency: 2 },
    retryDelaysMs: [],
    downloadTuning: { retryDelayMs: 10, stallTimeoutMs: 2_000, requestTimeoutMs: 2_000 },
    balanceDebounceMs: 50,
  });
  cores.push(core);
  return core;
}

async function runJob(core: Core, url: string): Promise<JobView> {
  const added = await core.call('jobs.add', { source: { kind: 'link', url } });
  if (!added.ok) return expect.fail(`jobs.add: ${added.error.message}`);
  await core.idle();
  return jobOf(core, added.value.jobIds[0] as number);
}

async function jobOf(core: Core, id: number): Promise<JobView> {
  const listed = await core.call('jobs.list', {});
  const job = listed.ok ? listed.value.find((candidate) => candidate.id === id) : undefined;
  return job ?? expect.fail(`job ${id} is gone`);
}

/** Retries a job; returns it and the first byte count its download reported (where it resumed). */
async function retry(core: Core, job: JobView): Promise<{ job: JobView; resumedAt: number | undefined }> {
  let resumedAt: number | undefined;
  const stop = core.on('job.updated', (view) => {
    if (view.id === job.id && view.state === 'downloading' && view.progress.bytes > 0) resumedAt ??= view.progress.bytes;
  });
  expect((await core.call('jobs.retry', { ids: [job.id] })).ok).toBe(true);
  await core.idle();
  stop();
  return { job: await jobOf(core, job.id), resumedAt };
}

const blobBytes = async (id: string, size: number): Promise<Buffer> => Buffer.from(await (await fetch(sandbox.blobUrl(size, id))).arrayBuffer());

describe.skipIf(unavailable !== null)('disk trouble', () => {
  it('a full download folder fails the job clearly, keeps the part, and resumes after space is freed', async () => {
    const out = disk(1.5 * MiB);
    const dataDir = join(root, 'full-out');
    const core = await openCore(dataDir, out.path);

    const job = await runJob(core, 'https://files.example/f/big-1');
    expect(job.state).toBe('failed');
    expect(job.error?.code).toBe('disk_full');
    expect(unclearParts(job.error), JSON.stringify(job.error)).toEqual([]);
    const names = listFiles(out.path).map((path) => path.slice(out.path.length + 1));
    expect(names.sort()).toEqual(['file-big-1.bin [big-1].bin.part', 'file-big-1.bin [big-1].bin.part.json']);
    const control = JSON.parse(readFileSync(join(out.path, 'file-big-1.bin [big-1].bin.part.json'), 'utf8')) as { done: Array<[number, number]> };
    expect(control.done.length).toBeGreaterThan(0);
    expect(auditLibrary(dataDir).integrity).toEqual(['ok']);
    figures.diskFullFailures++;

    out.remount({ sizeBytes: 16 * MiB });
    // The resumed request stalls a moment before its first byte, so the progress shows
    // where the download picked up: at the bytes the part already held.
    const kept = control.done.reduce((sum, [start, end]) => sum + end - start, 0);
    sandbox.addFault({ match: 'blob/big-1/', kind: 'stall', afterBytes: 0 });
    const { job: retried, resumedAt } = await retry(core, job);
    expect(retried.state, JSON.stringify(retried.error)).toBe('done');
    expect(resumedAt).toBe(kept);
    figures.resumedBytes += kept;
    const [file] = retried.files;
    expect(await sha256OfFile(file as string)).toBe(sha256(await blobBytes('big-1', BIG)));
    expect(listFiles(out.path).filter((path) => path.includes('.part'))).toEqual([]);
    figures.scenarios++;
  });

  it('a full data folder under the database fails clearly, the database stays intact, and work resumes after space is freed', async () => {
    const data = disk(8 * MiB);
    const out = join(root, 'full-data-out');
    const core = await openCore(data.path, out);
    // Fill the disk to the last few KiB: the next database and thumbnail writes hit ENOSPC.
    const filler = join(data.path, 'filler');
    fillDisk(filler);

    const seen: JobView[] = [];
    const stop = core.on('job.updated', (view) => seen.push(view));
    const added = await core.call('jobs.add', { source: { kind: 'link', url: 'https://files.example/f/full-db-1' } });
    if (added.ok) {
      await core.idle();
      // What the faces were told last: the library's own error when the outcome could not be saved.
      const last = seen.filter((view) => view.id === added.value.jobIds[0]).at(-1);
      expect(last?.state).toBe('failed');
      expect(last?.error?.code).toBe('disk_full');
      expect(unclearParts(last?.error), JSON.stringify(last?.error)).toEqual([]);
    } else {
      expect(unclearParts(added.error), JSON.stringify(added.error)).toEqual([]);
    }
    stop();
    // The engine still answers.
    expect((await core.call('jobs.list', {})).ok).toBe(true);
    figures.diskFullFailures++;

    await rm(filler);
    // The outcome lands once there is room; a retry then finishes the job, and new work runs.
    if (added.ok) {
      const id = added.value.jobIds[0] as number;
      await waitFor(async () => ['done', 'failed'].includes((await jobOf(core, id)).state));
      const job = await jobOf(core, id);
      if (job.state === 'failed') expect((await retry(core, job)).job.state).toBe('done');
    }
    const again = await runJob(core, 'https://files.example/f/full-db-2');
    expect(again.state, JSON.stringify(again.error)).toBe('done');
    await core.close();
    expect(auditLibrary(data.path).integrity).toEqual(['ok']);
    figures.scenarios++;
  });

  it('a read-only download folder fails the job clearly, and it finishes once the folder is writable', async () => {
    const out = disk(16 * MiB, true);
    const dataDir = join(root, 'ro-out');
    const core = await openCore(dataDir, out.path);

    const job = await runJob(core, 'https://files.example/f/ro-1');
    expect(job.state).toBe('failed');
    expect(job.error?.code).toBe('permission_denied');
    expect(unclearParts(job.error), JSON.stringify(job.error)).toEqual([]);
    expect(auditLibrary(dataDir).integrity).toEqual(['ok']);
    figures.readOnlyFailures++;

    out.remount({ readOnly: false });
    const { job: retried } = await retry(core, job);
    expect(retried.state, JSON.stringify(retried.error)).toBe('done');
    expect(await sha256OfFile(retried.files[0] as string)).toBe(sha256(await blobBytes('ro-1', 65_536)));
    figures.scenarios++;
  });

  it('a read-only data folder is refused at start with a clear message, the database untouched', async () => {
    const data = disk(16 * MiB);
    const world = ['--service-url', shim.url, '--data-dir', data.path, '--json'];
    const env = { TROVE_API_KEY: KEY };
    const first = await runTrove([...world, 'get', 'https://files.example/f/ro-data-1', '--out', join(root, 'ro-data-out')], { env });
    expect(first.code, first.stderr).toBe(0);
    data.remount({ readOnly: true });

    const refused = await runTrove([...world, 'queue', 'list'], { env });
    expect(refused.code).not.toBe(0);
    const error = finalObject(refused.stdout);
    expect(error.type).toBe('error');
    expect(unclearParts(error as { code?: unknown; message?: unknown }), JSON.stringify(error)).toEqual([]);
    expect(JSON.stringify(error)).not.toMatch(/\n\s+at /u);
    figures.readOnlyFailures++;

    data.remount({ readOnly: false });
    expect(auditLibrary(data.path).integrity).toEqual(['ok']);
    const listed = await runTrove([...world, 'library', 'list'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect((finalObject(listed.stdout) as { total: number }).total).toBe(1);
    figures.scenarios++;
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let n = 0; n < 100; n++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect.fail('the condition did not come true within 10 s');
}

/** Writes until the file system says ENOSPC, then gives a few KiB back. */
function fillDisk(path: string): void {
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  for (;;) {
    try {
      writeFileSync(path, chunk, { flag: 'a' });
      written += chunk.length;
    } catch {
      break;
    }
  }
  writeFileSync(path, Buffer.alloc(Math.max(0, written - 16 * 1024)));
}
