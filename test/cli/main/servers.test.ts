import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, finalObject, runTrove, startTrove } from './run-trove';

/* The two commands that run servers: the sandbox, and web mode. */

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'trove-cli-servers-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('trove sandbox', () => {
  it('runs the sandbox with its own options until SIGTERM, and trove can use it', async () => {
    const sandbox = startTrove(['sandbox', '--port', '0', '--key', 'cli-key', '--credits', '77']);
    const line = await sandbox.waitForLine((text) => text.startsWith('sandbox listening on '));
    const url = /listening on (\S+)/.exec(line)?.[1];
    expect(url).toBeDefined();

    const credits = await runTrove(['--service-url', url!, '--data-dir', dataDir, 'credits', '--json'], { env: { TROVE_API_KEY: 'cli-key' } });
    expect(credits.code, credits.stderr).toBe(0);
    expect(finalObject(credits.stdout)).toMatchObject({ balance: { availableCredits: 77 } });

    sandbox.child.kill('SIGTERM');
    expect((await sandbox.done).code).toBe(0);
  });

  it('passes a bad sandbox option on, and reports the sandbox failing', async () => {
    const run = await runTrove(['sandbox', '--page-size', 'zero']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--page-size');
  });
});

describe('trove serve', () => {
  it('serves web mode on the same engine and stops on Ctrl-C', async () => {
    const serve = startTrove(['--data-dir', dataDir, 'serve', '--port', '0', '--json'], { env: { TROVE_API_KEY: SANDBOX_KEY } });
    const line = await serve.waitForLine((text) => text.includes('"command":"serve"'));
    const { url } = JSON.parse(line) as { url: string };
    // The token in the printed address becomes a cookie, as a browser would keep it.
    const entry = await fetch(url, { redirect: 'manual' });
    const cookie = entry.headers.get('set-cookie')?.split(';')[0];
    expect(cookie).toBeDefined();
    const page = await fetch(new URL(entry.headers.get('location') ?? '/', url), { headers: { cookie: cookie! } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    serve.child.kill('SIGINT');
    expect((await serve.done).code).toBe(0);
  });
});
