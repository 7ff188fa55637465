import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/core';
import type { Core, CoreOptions } from '../../../src/core';
import type { DesktopActions } from '../../../src/core/commands/app-commands';
import { closeDatabase, migrations, openDatabase } from '../../../src/core/db';
import { createLibraryStore } from '../../../src/core/library';
import { createKeyStore } from '../../../src/core/secrets/key-store';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import { memoryKeychain } from '../secrets/helpers/memory-keychain';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'trove-app-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function core(options: Omit<CoreOptions, 'dataDir'> & { dataDir?: string }): Promise<Core> {
  const made = await createCore({ dataDir: options.dataDir ?? (await tempDir()), env: {}, ...options });
  cleanups.push(() => made.close());
  return made;
}


/** The desktop face as the Core sees it, writing down what it was asked to do. */
function recordingDesktop(folder?: string): DesktopActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    openPath: async (path) => {
      calls.push(`open ${path}`);
      return '';
    },
    showInFolder: (path) => void calls.push(`show ${path}`),
    pickFolder: async (defaultPath) => {
      calls.push(`pick ${defaultPath ?? ''}`);
      return folder;
    },
  };
}

/** A data dir whose library holds one post with a video, a subtitle and a file of unknown type. */
async function seededDataDir(): Promise<{ dataDir: string; postId: number; video: string; subtitle: string; unknown: string; missing: string }> {
  const dataDir = await tempDir();
  const opened = openDatabase(join(dataDir, 'trove.db'), { migrations });
  if (!opened.ok) throw new Error(opened.error.message);
  const library = createLibraryStore(opened.value, { now: Date.now });
  const upserted = library.upsertPosts([{ post: { id: 'p1', site: 'video.example', title: 'A clip', medias: [{ media_type: 'video', resource_url: 'https://x.example/v' }] } }]);
  if (!upserted.ok) throw new Error(upserted.error.message);
  const postId = upserted.value[0]!.id;
  const [video, subtitle, unknown, missing] = ['clip.mp4', 'clip.en.srt', 'setup.bin', 'gone.mp4'].map((name) => join(dataDir, name)) as [string, string, string, string];
  for (const file of [video, subtitle, unknown]) await writeFile(file, 'x');
  library.addFile({ postId, path: video, size: 1, kind: 'video' });
  library.addFile({ postId, path: unknown, size: 1, kind: 'file' });
  library.addFile({ postId, path: missing, size: 1, kind: 'video' });
  library.addSubtitle({ postId, path: subtitle, size: 1, languageTag: 'en', format: 'srt' });
  closeDatabase(opened.value);
  return { dataDir, postId, video, subtitle, unknown, missing };
}

describe('app commands in a face without desktop actions (web mode, CLI)', () => {
  it('say what is not available, in app.info and as a clear error', async () => {
    const engine = await core({});
    const info = await engine.call('app.info', {});
    expect(info.ok && info.value.capabilities).toEqual({ openPath: false, showInFolder: false, pickFolder: false, sandbox: false });
    expect(info.ok && info.value.sandbox).toEqual({ active: false });
    for (const answer of [
      await engine.call('app.openPath', { postId: 1, path: '/etc/passwd' }),
      await engine.call('app.showInFolder', { postId: 1, path: '/etc/passwd' }),
      await engine.call('app.pickFolder', {}),
      await engine.call('app.sandbox', { enabled: true }),
    ]) {
      expect(answer).toMatchObject({ ok: false, error: { code: 'not_available' } });
    }
  });
});

describe('settings that could not be read at start-up', () => {
  it('are named in app.info (and on the Core) until the next start, none on a clean start', async () => {
    const dataDir = await tempDir();
    const clean = await core({ dataDir });
    expect(clean.settingsReset).toEqual([]);
    expect(await clean.call('app.info', {})).toMatchObject({ ok: true, value: { settingsReset: [] } });
    await clean.close();

    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ theme: 'purple', concurrency: 3 }));
    const oneBad = await core({ dataDir });
    expect(await oneBad.call('app.info', {})).toMatchObject({ ok: true, value: { settingsReset: ['theme'] } });
    expect(await oneBad.call('settings.get', {})).toMatchObject({ ok: true, value: { concurrency: 3, theme: 'system' } });
    await oneBad.close();

    await writeFile(join(dataDir, 'settings.json'), '{"concurrency": 3,');
    const unreadable = await core({ dataDir });
    expect(unreadable.settingsReset).toEqual(['settings.json']);
    expect(await unreadable.call('app.info', {})).toMatchObject({ ok: true, value: { settingsReset: ['settings.json'] } });
  });
});

describe('open file and show in folder', () => {
  it('open only files the library recorded for that post, and never a file of unknown type', async () => {
    const seeded = await seededDataDir();
    const desktop = recordingDesktop();
    const engine = await core({ dataDir: seeded.dataDir, desktop });
    const info = await engine.call('app.info', {});
    expect(info.ok && info.value.capabilities).toMatchObject({ openPath: true, showInFolder: true, pickFolder: true });

    expect(await engine.call('app.openPath', { postId: seeded.postId, path: seeded.video })).toEqual({ ok: true, value: {} });
    expect(await engine.call('app.openPath', { postId: seeded.postId, path: seeded.subtitle })).toEqual({ ok: true, value: {} });
    expect(await engine.call('app.showInFolder', { postId: seeded.postId, path: seeded.unknown })).toEqual({ ok: true, value: {} });

    const refused = [
      await engine.call('app.openPath', { postId: seeded.postId, path: seeded.unknown }),
      await engine.call('app.openPath', { postId: seeded.postId, path: '/etc/passwd' }),
      await engine.call('app.openPath', { postId: seeded.postId, path: join(seeded.dataDir, 'trove.db') }),
      await engine.call('app.showInFolder', { postId: seeded.postId + 1, path: seeded.video }),
      await engine.call('app.openPath', { postId: seeded.postId, path: seeded.missing }),
    ];
    expect(refused.map((answer) => !answer.ok && answer.error.code)).toEqual(['not_allowed', 'not_in_library', 'not_in_library', 'not_in_library', 'file_missing']);
    expect(desktop.calls).toEqual([`open ${seeded.video}`, `open ${seeded.subtitle}`, `show ${seeded.unknown}`]);
  });

  it('passes the folder picker through, and a cancel as no path', async () => {
    expect(await (await core({ desktop: recordingDesktop('/home/ana/Videos') })).call('app.pickFolder', { defaultPath: '/home/ana' })).toEqual({
      ok: true,
      value: { path: '/home/ana/Videos' },
    });
    expect(await (await core({ desktop: recordingDesktop(undefined) })).call('app.pickFolder', {})).toEqual({ ok: true, value: {} });
  });
});

describe('sandbox mode', () => {
  it('uses the sandbox and its key for the session only, and leaves the stored settings and key alone', async () => {
    const dataDir = await tempDir();
    let sandbox: Sandbox | undefined;
    const engine = await core({
      dataDir,
      keyStore: createKeyStore({ keychain: memoryKeychain(), env: {} }),
      startSandbox: async () => {
        sandbox = await startSandbox({ port: 0 });
        const started = sandbox;
        return { url: started.url, key: started.keys[0]!, close: () => started.close() };
      },
    });
    const before = await engine.call('settings.get', {});
    expect(await engine.call('credits.get', { refresh: true })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const changed: string[] = [];
    engine.on('settings.changed', (settings) => changed.push(settings.serviceUrl));

    const enabled = await engine.call('app.sandbox', { enabled: true });
    expect(enabled).toEqual({ ok: true, value: { active: true, url: sandbox?.url } });
    // Asking again does not start a second sandbox.
    expect(await engine.call('app.sandbox', { enabled: true })).toEqual(enabled);
    const during = await engine.call('settings.get', {});
    expect(during.ok && during.value).toMatchObject({ serviceUrl: sandbox?.url, apiVersion: 'v1' });
    expect(changed).toEqual([sandbox?.url]);
    expect(await engine.call('credits.get', { refresh: true })).toMatchObject({ ok: true, value: { availableCredits: 12_000 } });
    // The key in use is the sandbox's (the badge says so, never "Checking…"); the user's own stays as it was.
    expect(await engine.call('key.status', {})).toEqual({ ok: true, value: { isSet: true, source: 'sandbox' } });
    const info = await engine.call('app.info', {});
    expect(info.ok && info.value.sandbox).toEqual({ active: true, url: sandbox?.url });

    // A settings change in sandbox mode is stored, but the service stays the sandbox until it is turned off.
    await engine.call('settings.update', { concurrency: 2 });
    const stored = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({ concurrency: 2 });
    expect(JSON.stringify(stored)).not.toContain(sandbox?.url ?? 'no sandbox');

    expect(await engine.call('app.sandbox', { enabled: false })).toEqual({ ok: true, value: { active: false } });
    const after = await engine.call('settings.get', {});
    expect(after.ok && before.ok && after.value.serviceUrl).toBe(before.ok && before.value.serviceUrl);
    expect(changed).toEqual([sandbox?.url, sandbox?.url, before.ok && before.value.serviceUrl]);
    expect(await engine.call('key.status', {})).toEqual({ ok: true, value: { isSet: false, source: 'none' } });
    await expect(fetch(`${sandbox?.url}/openapi/v1/credits`)).rejects.toThrow();
  });

  it('turned off while still starting, it ends up off: the started sandbox is closed and the faces learn the real service', async () => {
    let sandbox: Sandbox | undefined;
    let letStart: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (letStart = resolve));
    const engine = await core({
      startSandbox: async () => {
        await gate;
        sandbox = await startSandbox({ port: 0 });
        const started = sandbox;
        return { url: started.url, key: started.keys[0]!, close: () => started.close() };
      },
    });
    const before = await engine.call('settings.get', {});
    const changed: string[] = [];
    engine.on('settings.changed', (settings) => changed.push(settings.serviceUrl));

    const enabling = engine.call('app.sandbox', { enabled: true });
    const disabling = engine.call('app.sandbox', { enabled: false });
    letStart();
    await enabling;
    expect(await disabling).toEqual({ ok: true, value: { active: false } });
    const info = await engine.call('app.info', {});
    expect(info.ok && info.value.sandbox).toEqual({ active: false });
    const after = await engine.call('settings.get', {});
    expect(after.ok && before.ok && after.value.serviceUrl).toBe(before.ok && before.value.serviceUrl);
    expect(changed.at(-1)).toBe(before.ok && before.value.serviceUrl);
    await expect(fetch(`${sandbox?.url}/openapi/v1/credits`)).rejects.toThrow();
  });

  it('reports a sandbox that fails to start as a retryable error, and stays off', async () => {
    const engine = await core({
      startSandbox: async () => {
        throw new Error('no ffmpeg to make the sample media');
      },
    });
    expect(await engine.call('app.sandbox', { enabled: true })).toEqual({
      ok: false,
      error: { code: 'sandbox_failed', message: 'The built-in sandbox could not start: no ffmpeg to make the sample media', retryable: true },
    });
    const info = await engine.call('app.info', {});
    expect(info.ok && info.value.sandbox).toEqual({ active: false });
  });
});

describe('the file name template', () => {
  it('previews a template on a sample post, and refuses an unknown field there and in settings.update', async () => {
    const engine = await core({});
    expect(await engine.call('settings.previewFileName', { template: '{author} - {caption} [{id}]' })).toEqual({
      ok: true,
      value: { name: 'Ana Lima - Sunset over the bay [x7Kq2mP].mp4' },
    });
    expect(await engine.call('settings.previewFileName', { template: '{date} {titel}' })).toMatchObject({ ok: false, error: { code: 'invalid_template' } });
    const refused = await engine.call('settings.update', { fileNameTemplate: '{titel}' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_settings' } });
    expect(!refused.ok && refused.error.message).toContain('{titel}');
    const kept = await engine.call('settings.get', {});
    expect(kept.ok && kept.value.fileNameTemplate).toBe('{author} - {caption} [{id}]');
  });
});
