import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostics } from '../../../src/shared/diagnostics';
import { describeWithSecretService, probeSecretService } from '../../core/secrets/helpers/secret-service';
import { finalObject, runTrove, startTrove } from './run-trove';

/*
 * `trove doctor`, the real CLI as a child process on a real data folder: what it says is
 * checked against the system itself (ffmpeg's own answer, statfs), not against the engine.
 */

const run = promisify(execFile);
const describeKeychain = describeWithSecretService(await probeSecretService());

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trove-doctor-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A data folder and a download folder of its own for each run. */
async function folders(name: string): Promise<{ dataDir: string; downloads: string }> {
  const dataDir = join(root, name, 'data');
  const downloads = join(root, name, 'downloads');
  await mkdir(downloads, { recursive: true });
  // The download folder comes from the settings, as the user sets it.
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ downloadFolder: downloads }));
  return { dataDir, downloads };
}

async function doctor(dataDir: string, env: Record<string, string | undefined> = {}, json = true) {
  const result = await runTrove(['doctor', '--data-dir', dataDir, ...(json ? ['--json'] : [])], { env });
  return { ...result, diagnostics: json ? (finalObject(result.stdout).diagnostics as Diagnostics) : undefined };
}

/** What a binary says about itself, asked directly. */
async function ffmpegSays(binary: string): Promise<string | undefined> {
  try {
    const { stdout } = await run(binary, ['-version']);
    return /^ffmpeg version (\S+)/m.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

describe('trove doctor', () => {
  it('reports the ffmpeg it uses with the version that binary itself reports', async () => {
    const { dataDir } = await folders('ffmpeg-found');
    const found = await doctor(dataDir, { FFMPEG_PATH: undefined });
    const ffmpeg = found.diagnostics?.ffmpeg;
    if (ffmpeg === null || ffmpeg === undefined) {
      // Then there must truly be none: not even on PATH.
      expect(await ffmpegSays('ffmpeg')).toBeUndefined();
      expect(found.diagnostics?.problems.map((problem) => problem.code)).toContain('ffmpeg_missing');
      return;
    }
    expect(['ffmpeg-static', 'path', 'ffmpeg-installer']).toContain(ffmpeg.source);
    expect(ffmpeg.version).toBe(await ffmpegSays(ffmpeg.path));

    // The same binary named by FFMPEG_PATH is reported as coming from there.
    const named = await doctor(dataDir, { FFMPEG_PATH: ffmpeg.path });
    expect(named.diagnostics?.ffmpeg).toEqual({ path: ffmpeg.path, version: ffmpeg.version, source: 'environment' });
    expect(named.diagnostics?.problems.map((problem) => problem.code)).not.toContain('ffmpeg_env_broken');
  });

  it('without ffmpeg on PATH, reports the one that comes with Trove and the version it reports itself', async () => {
    const { dataDir } = await folders('ffmpeg-bundled');
    // Only Node's own folder on PATH: no system ffmpeg can be found there.
    const result = await doctor(dataDir, { FFMPEG_PATH: undefined, PATH: dirname(process.execPath) });
    const ffmpeg = result.diagnostics?.ffmpeg;
    if (!ffmpeg) return expect.fail(`no bundled ffmpeg: ${JSON.stringify(result.diagnostics?.problems)}`);
    expect(['ffmpeg-static', 'ffmpeg-installer']).toContain(ffmpeg.source);
    expect(ffmpeg.path).toContain(join(process.cwd(), 'node_modules'));
    expect(ffmpeg.version).toBe(await ffmpegSays(ffmpeg.path));
  });

  it('says FFMPEG_PATH names a file that is not a working ffmpeg, with the fix, and exits 1', async () => {
    const { dataDir } = await folders('ffmpeg-broken');
    const notExecutable = join(root, 'not-ffmpeg');
    await writeFile(notExecutable, 'just text\n');
    await chmod(notExecutable, 0o644);

    const json = await doctor(dataDir, { FFMPEG_PATH: notExecutable });
    expect(json.code).toBe(1);
    expect(json.diagnostics?.ffmpeg).toBeNull();
    const problem = json.diagnostics?.problems.find((candidate) => candidate.code === 'ffmpeg_env_broken');
    expect(problem).toMatchObject({ essential: true });
    expect(problem?.message).toContain(notExecutable);
    expect(problem?.fix).toContain('FFMPEG_PATH');

    const text = await doctor(dataDir, { FFMPEG_PATH: notExecutable }, false);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^ffmpeg +none works$/m);
    expect(text.stdout).toContain(`Essential: FFMPEG_PATH (${notExecutable}) does not work`);
    expect(text.stdout).toContain('→ Point FFMPEG_PATH at a working ffmpeg binary, or unset it');
  });

  it('reports the free space and size of the data folder’s disk as statfs does', async () => {
    const { dataDir, downloads } = await folders('space');
    const result = await doctor(dataDir);
    const disk = await statfs(dataDir);
    const data = result.diagnostics?.dataFolder;
    expect(data).toMatchObject({ path: dataDir, exists: true, writable: true, totalBytes: disk.blocks * disk.bsize });
    // Other programs write meanwhile; root's reserve (bfree - bavail) is far larger than this.
    expect(Math.abs((data?.freeBytes ?? 0) - disk.bavail * disk.bsize)).toBeLessThan(256 * 1024 ** 2);
    expect(result.diagnostics?.downloadFolder).toMatchObject({ path: downloads, exists: true, writable: true });

    const text = await doctor(dataDir, {}, false);
    expect(text.stdout).toMatch(new RegExp(`^Data folder +${dataDir.replaceAll('/', '\\/')}  \\(\\d+(\\.\\d)? [KMGT]iB free of \\d+(\\.\\d)? [KMGT]iB\\)$`, 'm'));
  });

  it('names the service, the API version and the sandbox, and never prints the API key', async () => {
    const { dataDir } = await folders('service');
    const secret = 'doctor-secret-key-9f3a';
    const json = await runTrove(['doctor', '--data-dir', dataDir, '--service-url', 'http://127.0.0.1:9/api', '--api-version', 'legacy', '--json'], {
      env: { TROVE_API_KEY: secret },
    });
    const diagnostics = finalObject(json.stdout).diagnostics as Diagnostics;
    expect(diagnostics.service).toEqual({ url: 'http://127.0.0.1:9/api', apiVersion: 'legacy', sandbox: false });
    expect(diagnostics.key).toEqual({ isSet: true, source: 'environment' });
    expect(diagnostics.node).toBe(process.versions.node);
    expect(diagnostics.electron).toBeNull();
    // With the key in the environment, a missing keychain is not essential.
    expect(diagnostics.problems.filter((problem) => problem.code === 'keychain_unavailable' && problem.essential)).toEqual([]);
    expect(json.stdout).not.toContain(secret);

    const text = await runTrove(['doctor', '--data-dir', dataDir], { env: { TROVE_API_KEY: secret } });
    expect(text.stdout + text.stderr).not.toContain(secret);
    expect(text.stdout).toMatch(/^API key +set by TROVE_API_KEY$/m);
    expect(text.stdout).toMatch(/^Sandbox +not in use$/m);
  });

  it('without a keychain and without TROVE_API_KEY, says no key can be kept, with the fix, and exits 1', async () => {
    const { dataDir } = await folders('no-keychain');
    // No D-Bus session: the Secret Service cannot be reached, as on a bare server.
    const result = await doctor(dataDir, { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: undefined });
    expect(result.code).toBe(1);
    expect(result.diagnostics?.keychain.works).toBe(false);
    const problem = result.diagnostics?.problems.find((candidate) => candidate.code === 'keychain_unavailable');
    expect(problem).toMatchObject({ essential: true });
    expect(problem?.fix).toContain('TROVE_API_KEY');
  });

  it('still answers when the data folder cannot be created, and says why', async () => {
    const blocker = join(root, 'a-file');
    await writeFile(blocker, 'in the way');
    const result = await doctor(join(blocker, 'data'));
    expect(result.code).toBe(1);
    expect(result.diagnostics?.dataFolder).toMatchObject({ writable: false, exists: false });
    expect(result.diagnostics?.problems.find((problem) => problem.code === 'data_dir_unwritable')).toMatchObject({ essential: true });
  });

  it('says a library from a newer Trove needs a newer Trove', async () => {
    const { dataDir } = await folders('newer');
    const db = new Database(join(dataDir, 'trove.db'));
    db.pragma('user_version = 999');
    db.close();
    const result = await doctor(dataDir, {}, false);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('newer Trove (schema 999)');
    expect(result.stdout).toContain('→ Update Trove');
  });
});

describeKeychain('trove doctor with a real Secret Service', () => {
  it('reports the keychain binding in use as working, and the key as not set, a warning only', async () => {
    const { dataDir } = await folders('keychain');
    const result = await doctor(dataDir, { TROVE_API_KEY: undefined });
    expect(result.diagnostics?.keychain.works).toBe(true);
    expect(['keytar', 'napi-rs-keyring']).toContain(result.diagnostics?.keychain.backend);
    // Each test run has its own keychain entry (run-trove), empty here.
    expect(result.diagnostics?.key).toEqual({ isSet: false, source: 'none' });
    expect(result.diagnostics?.problems.find((problem) => problem.code === 'no_api_key')).toMatchObject({ essential: false });
    expect(result.diagnostics?.problems.map((problem) => problem.code)).not.toContain('keychain_unavailable');
  });
});

describe('trove doctor into a pipe that closes early', () => {
  it('ends quietly, as `trove doctor | head -3` expects', async () => {
    const { dataDir } = await folders('pipe');
    const trove = startTrove(['doctor', '--data-dir', dataDir]);
    // The reader goes away after the first line, as head does.
    await trove.waitForLine(() => true);
    trove.child.stdout.destroy();
    const result = await trove.done;
    expect(result.stderr).not.toContain('EPIPE');
    expect(result.signal).toBeNull();
    expect(result.code).not.toBeNull();
  });
});
