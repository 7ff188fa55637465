import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/core';
import type { Core, CoreOptions } from '../../../src/core';
import { locateFfmpeg } from '../../../src/core/media/locate-ffmpeg';
import { createKeyStore } from '../../../src/core/secrets/key-store';
import { startSandbox } from '../../../src/sandbox';
import { memoryKeychain } from '../secrets/helpers/memory-keychain';

/* app.diagnostics through the Core, as every face calls it (`trove doctor` is tested in test/cli). */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'trove-diagnostics-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function core(options: Omit<CoreOptions, 'dataDir'> = {}): Promise<Core> {
  const made = await createCore({ dataDir: await tempDir(), env: {}, startQueue: false, ...options });
  cleanups.push(() => made.close());
  return made;
}

async function diagnose(engine: Core) {
  const answer = await engine.call('app.diagnostics', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

const realFfmpeg = await locateFfmpeg();
const withFfmpeg = realFfmpeg.ok ? it : it.skip;

describe('app.diagnostics', () => {
  it('gives the versions the face passes in and the sandbox as the service while sandbox mode is on', async () => {
    let sandboxKey = '';
    const engine = await core({
      electronVersion: '45.4.1',
      version: '1.2.3',
      keyStore: createKeyStore({ keychain: memoryKeychain(), env: {} }),
      startSandbox: async () => {
        const sandbox = await startSandbox({ port: 0 });
        sandboxKey = sandbox.keys[0]!;
        return { url: sandbox.url, key: sandboxKey, close: () => sandbox.close() };
      },
    });
    const before = await diagnose(engine);
    expect(before).toMatchObject({ trove: '1.2.3', electron: '45.4.1', node: process.versions.node, service: { sandbox: false } });
    const enabled = await engine.call('app.sandbox', { enabled: true });
    const during = await diagnose(engine);
    expect(during.service).toEqual({ url: enabled.ok ? enabled.value.url : 'no sandbox', apiVersion: 'v1', sandbox: true });
    // The sandbox's own key is no key of the user's, and never shown.
    expect(sandboxKey).not.toBe('');
    expect(JSON.stringify(during)).not.toContain(sandboxKey);
  });

  withFfmpeg('looks for ffmpeg afresh: one installed after a failed lookup is reported', async () => {
    const dir = await tempDir();
    const chosen = join(dir, 'ffmpeg');
    await writeFile(chosen, 'not yet', { mode: 0o644 });
    const engine = await core({});
    await engine.call('settings.update', { ffmpegPath: chosen });
    const broken = await diagnose(engine);
    expect(broken.ffmpeg).toBeNull();
    expect(broken.problems.find((problem) => problem.code === 'ffmpeg_setting_broken')).toMatchObject({ essential: true });

    await rm(chosen);
    await symlink(realFfmpeg.ok ? realFfmpeg.value.path : '', chosen);
    const fixed = await diagnose(engine);
    expect(fixed.ffmpeg).toEqual({ path: chosen, version: realFfmpeg.ok && realFfmpeg.value.version, source: 'setting' });
    expect(fixed.problems.map((problem) => problem.code)).not.toContain('ffmpeg_setting_broken');
  });
});
