import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox';
import { startSandbox } from '../../../src/sandbox';
import { runChild } from './helpers/run-child';
import { describeWithSecretService, probeSecretService } from './helpers/secret-service';

const probe = await probeSecretService();

/** Every file below `dir` whose bytes contain `needle`. */
async function filesContaining(dir: string, needle: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.filter((item) => item.isFile())) {
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(needle)) found.push(path);
  }
  return found;
}

describeWithSecretService(probe)('the API key appears nowhere but the keychain', () => {
  const key = `leak-check-${randomUUID()}`;
  let sandbox: Sandbox;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, keys: [key] });
    dataDir = await mkdtemp(join(tmpdir(), 'trove-key-leak-'));
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('after validating, storing, extracting with both versions, failing and deleting', async () => {
    const run = await runChild('flows', {
      ...process.env,
      SANDBOX_URL: sandbox.url,
      TEST_KEY: key,
      TEST_SERVICE: `Trove-test-${randomUUID()}`,
      DATA_DIR: dataDir,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);

    // The flows really ran: a wrong key refused, the key stored, used, and deleted.
    expect(run.steps.get('validate-wrong')).toMatchObject({ ok: false, error: { code: 'key_rejected' } });
    expect(run.steps.get('validate')).toMatchObject({ ok: true, value: { status: { source: 'keychain' } } });
    for (const version of ['v1', 'legacy']) {
      expect(run.steps.get(`${version}-post`)).toMatchObject({ ok: true, charged: true });
      expect(run.steps.get(`${version}-error`)).toMatchObject({ ok: false, error: { code: 'private_content' } });
      expect(run.steps.get(`${version}-credits`)).toMatchObject({ ok: true });
    }
    expect(run.steps.get('after-delete')).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(sandbox.stats().charges.length).toBe(2);

    // Everything the engine returned (the log the child wrote, all it printed) is clean.
    expect(run.stdout).not.toContain(key);
    expect(run.stderr).not.toContain(key);
    expect(await readFile(join(dataDir, 'trove.log'), 'utf8')).toContain('"source":"keychain"');
    expect(await filesContaining(dataDir, key)).toEqual([]);
    // gnome-keyring keeps its keyrings under XDG_DATA_HOME, encrypted: the key is not there in clear.
    if (process.env.XDG_DATA_HOME) expect(await filesContaining(process.env.XDG_DATA_HOME, key)).toEqual([]);
  });
});
