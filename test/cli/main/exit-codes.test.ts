import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, finalObject, runTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/* Each documented exit code, provoked for real against the sandbox. */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld({ faults: true });
});
afterAll(() => world.close());

const trove = (args: string[], env: Record<string, string> = world.env) => runTrove([...world.args, ...args], { env });

describe('exit codes', () => {
  it('2 for a usage error, with the message on stderr, or as a JSON error with --json', async () => {
    const plain = await trove(['get']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain("missing required argument 'links'");
    expect(plain.stdout).toBe('');

    const json = await trove(['get', 'https://video.example/watch/x', '--quality', 'huge', '--json']);
    expect(json.code).toBe(2);
    expect(finalObject(json.stdout)).toMatchObject({ type: 'error', code: 'usage', exitCode: 2 });
  });

  it('0 for help and the version, given as a JSON result with --json', async () => {
    const version = await trove(['--version', '--json']);
    expect(version.code).toBe(0);
    expect(finalObject(version.stdout)).toMatchObject({ type: 'result', command: 'version', exitCode: 0, text: expect.stringMatching(/^\d+\.\d+\.\d+$/) as unknown });
    const help = await trove(['--json', 'get', '--help']);
    expect(help.code).toBe(0);
    expect(finalObject(help.stdout)).toMatchObject({ type: 'result', command: 'help', exitCode: 0, text: expect.stringContaining('--quality') as unknown });
    expect((await trove(['help'])).stdout).toContain('Usage: trove');
  });

  it('3 for a final API error, printing the service message (in the language asked for), the code and what to do next', async () => {
    const run = await trove(['extract', 'https://error.example/private_content']);
    expect(run.code).toBe(3);
    const english = /^Error: (.+) \(private_content\)$/m.exec(run.stderr)?.[1];
    expect(english).toBeDefined();
    expect(run.stderr).toMatch(/^ {2}→ \S.+$/m);
    expect(run.stderr).not.toMatch(/\n\s+at /);

    const json = await trove(['--lang', 'de', 'get', 'https://error.example/private_content', '--json']);
    expect(json.code).toBe(3);
    const result = finalObject(json.stdout) as { exitCode: number; jobs: Array<{ state: string; error: { code: string; message: string } }> };
    expect(result.exitCode).toBe(3);
    expect(result.jobs).toEqual([expect.objectContaining({ state: 'failed', error: expect.objectContaining({ code: 'private_content' }) as unknown })]);
    expect(result.jobs[0]?.error.message).not.toBe(english);
  });

  it('4 for a wrong key', async () => {
    const wrong = { TROVE_API_KEY: 'not-the-key' };
    const extract = await trove(['extract', 'https://video.example/watch/wrong-key', '--json'], wrong);
    expect(extract.code).toBe(4);
    expect(finalObject(extract.stdout)).toMatchObject({ type: 'error', code: 'unauthorized', exitCode: 4 });

    const get = await trove(['get', 'https://video.example/watch/wrong-key', '--out', world.outDir], wrong);
    expect(get.code).toBe(4);
    expect(get.stdout).toContain('trove key set');
  });

  it('5 when the balance is 0, without spending anything', async () => {
    world.sandbox.setBalance(SANDBOX_KEY, 0);
    try {
      const extract = await trove(['extract', 'https://video.example/watch/no-credits', '--json']);
      expect(extract.code).toBe(5);
      expect(finalObject(extract.stdout)).toMatchObject({ type: 'error', code: 'out_of_credits', exitCode: 5 });

      const get = await trove(['get', 'https://video.example/watch/no-credits', '--out', world.outDir, '--json']);
      expect(get.code).toBe(5);
      expect(finalObject(get.stdout)).toMatchObject({ exitCode: 5, jobs: [expect.objectContaining({ state: 'paused', pauseReason: 'out_of_credits' })] });
    } finally {
      world.sandbox.setBalance(SANDBOX_KEY, 12_000);
    }
    // The paused job is this world's: clear it so later runs start from an empty queue.
    const canceled = await trove(['queue', 'cancel']);
    expect(canceled.code, canceled.stderr).toBe(0);
  });

  it('6 for a media download that fails, and 0 once `queue retry <id>` gets it', async () => {
    const link = 'https://video.example/watch/media-fault';
    world.sandbox.addFault({ match: 'media-fault', kind: 'status', status: 404, times: 1000 });
    let failed: { id: number; state: string };
    try {
      const run = await trove(['get', link, '--quality', '360', '--out', world.outDir, '--json']);
      expect(run.code).toBe(6);
      const result = finalObject(run.stdout) as { jobs: Array<{ id: number; state: string }> };
      expect(result.jobs).toEqual([expect.objectContaining({ state: 'failed' })]);
      failed = result.jobs[0]!;
    } finally {
      world.sandbox.clearFaults();
    }
    const retried = await trove(['queue', 'retry', String(failed.id), '--json']);
    expect(retried.code, retried.stderr).toBe(0);
    const result = finalObject(retried.stdout) as { jobs: Array<{ id: number; state: string }>; files: string[] };
    expect(result.jobs).toEqual([expect.objectContaining({ id: failed.id, state: 'done' })]);
    expect(result.files.length).toBeGreaterThan(0);
  });

  it('1 for a mix of done and failed', async () => {
    const run = await trove(['get', 'https://video.example/watch/mix-ok', 'https://error.example/content_deleted', '--quality', '360', '--out', world.outDir, '--json']);
    expect(run.code).toBe(1);
    const result = finalObject(run.stdout) as { jobs: Array<{ url: string; state: string }>; files: string[] };
    expect(result.jobs.map((job) => job.state).sort()).toEqual(['done', 'failed']);
    expect(result.files.length).toBeGreaterThan(0);
  });
});
