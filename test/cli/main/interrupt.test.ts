import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalObject, jsonLines, startTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/* Ctrl-C pauses and records the jobs (exit 130); the next run resumes without paying again. */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld({ faults: true });
});
afterAll(() => world.close());

describe('Ctrl-C', () => {
  it('exits 130 mid-download, and the next get finishes without an extra charge', async () => {
    const link = 'https://video.example/watch/ctrl-c';
    // The video stalls after a few bytes, so the job is surely mid-download when Ctrl-C comes.
    world.sandbox.addFault({ match: 'ctrl-c/video-720', kind: 'stall', afterBytes: 4096, times: 1 });
    const args = [...world.args, 'get', link, '--out', world.outDir, '--json'];

    const first = startTrove(args, { env: world.env });
    await first.waitForLine((line) => line.includes('"state":"downloading"'));
    first.child.kill('SIGINT');
    const interrupted = await first.done;
    expect(interrupted.code).toBe(130);
    expect(finalObject(interrupted.stdout)).toMatchObject({ type: 'error', code: 'interrupted', exitCode: 130 });
    const charges = world.sandbox.stats().charges.filter((charge) => charge.url === link).length;
    expect(charges).toBe(1);

    const second = await startTrove(args, { env: world.env }).done;
    expect(second.code, second.stderr).toBe(0);
    const result = finalObject(second.stdout) as { jobs: Array<{ state: string; url: string }>; files: string[] };
    expect(result.jobs).toEqual([expect.objectContaining({ url: link, state: 'done' })]);
    expect(result.files.length).toBeGreaterThan(0);
    expect(world.sandbox.stats().charges.filter((charge) => charge.url === link)).toHaveLength(charges);
    // The same job went on: no second job was added for the link.
    const ids = new Set(jsonLines(second.stdout).filter((line) => line.event === 'job.updated').map((line) => (line.payload as { id: number }).id));
    expect(ids.size).toBe(1);
  });
});

describe('Ctrl-C during a command that runs no jobs', () => {
  it('says the command was interrupted, without talking of downloads or the queue', async () => {
    // A service that accepts the connection and never answers: the extraction waits until Ctrl-C.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const run = startTrove(['--service-url', url, '--data-dir', world.dataDir, 'extract', 'https://video.example/watch/waiting'], { env: world.env });
      await new Promise<void>((resolve) => silent.once('connection', () => resolve()));
      run.child.kill('SIGINT');
      const ended = await run.done;
      expect(ended.code).toBe(130);
      expect(ended.stderr).toMatch(/^Error: Interrupted\. \(interrupted\)$/m);
      expect(ended.stderr).not.toMatch(/queue|download/);
    } finally {
      silent.close();
    }
  });
});
