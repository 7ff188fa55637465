import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core/core-api';
import { appOrigin } from '../../src/main/app-origin';
import { commandHandler } from '../../src/main/command-handler';
import { COMMAND_NAMES } from '../../src/shared/contract';

const origin = appOrigin(undefined);
const ourFrame = { url: `${origin}/index.html#/grab`, isMainFrame: true, inAppWindow: true };

let dataDir: string;
let core: Core;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'trove-ipc-'));
  core = await createCore({ dataDir, env: {} });
});
afterAll(async () => {
  await core?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the IPC handle() wrapper, on a real Core', () => {
  it('answers our window with the envelope of the command', async () => {
    const result = await commandHandler(core, 'settings.get', origin)(ourFrame, {});
    expect(result).toMatchObject({ ok: true, value: { apiVersion: 'v1' } });
  });

  it('rejects input that does not match the contract, strictly', async () => {
    const pause = commandHandler(core, 'jobs.pause', origin);
    expect(await pause(ourFrame, { ids: ['1'] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await pause(ourFrame, 'drop table')).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const update = commandHandler(core, 'settings.update', origin);
    expect(await update(ourFrame, { concurrency: 1000 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await update(ourFrame, { theme: 'dark', __proto__: { x: 1 }, extra: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses every command from an unknown sender, before the Core sees it', async () => {
    const strangers = [
      null,
      { ...ourFrame, isMainFrame: false },
      { ...ourFrame, inAppWindow: false },
      { ...ourFrame, url: 'https://evil.example/' },
    ];
    for (const name of COMMAND_NAMES) {
      for (const frame of strangers) {
        expect(await commandHandler(core, name, origin)(frame, {}), name).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
      }
    }
    // The refused settings.update changed nothing.
    const update = commandHandler(core, 'settings.update', origin);
    await update(strangers[3], { theme: 'dark' });
    expect(await commandHandler(core, 'settings.get', origin)(ourFrame, {})).toMatchObject({ ok: true, value: { theme: 'system' } });
  });
});
