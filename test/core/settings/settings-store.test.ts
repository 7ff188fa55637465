import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSettingsStore } from '../../../src/core/settings/settings-store';
import { DEFAULT_SETTINGS } from '../../../src/shared/settings';

describe('settings store', () => {
  it('starts from the defaults, persists updates and reads them back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    const { store } = await openSettingsStore(dir);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    const updated = await store.update({ concurrency: 6, theme: 'dark' });
    expect(updated).toMatchObject({ ok: true, value: { concurrency: 6, theme: 'dark', language: 'en' } });
    const reopened = await openSettingsStore(dir);
    expect(reopened.store.get()).toMatchObject({ concurrency: 6, theme: 'dark' });
  });

  it('refuses an invalid or unknown setting with a clear message and changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    const { store } = await openSettingsStore(dir);
    const refused = await store.update({ concurrency: 0, colour: 'red' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/concurrency|colour/u);
    expect(store.get().concurrency).toBe(DEFAULT_SETTINGS.concurrency);
  });

  it('refuses a folder or ffmpeg path longer than any file system allows (4,096 characters)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    const { store } = await openSettingsStore(dir);
    const long = `/${'a'.repeat(4096)}`;
    expect(await store.update({ downloadFolder: long })).toMatchObject({ ok: false });
    expect(await store.update({ ffmpegPath: long })).toMatchObject({ ok: false });
    expect(await store.update({ downloadFolder: long.slice(0, 4096) })).toMatchObject({ ok: true });
    expect(store.get().ffmpegPath).toBe(DEFAULT_SETTINGS.ffmpegPath);
  });

  it('keeps the valid values of a damaged file and reports the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ concurrency: 5, theme: 'purple', apiVersion: 'legacy' }));
    const { store, rejected } = await openSettingsStore(dir);
    expect(store.get()).toMatchObject({ concurrency: 5, theme: DEFAULT_SETTINGS.theme, apiVersion: 'legacy' });
    expect(rejected).toEqual(['theme']);
    writeFileSync(join(dir, 'settings.json'), '{not json');
    expect((await openSettingsStore(dir)).rejected).toEqual(['settings.json']);
  });

  it('applies process overrides on top without writing them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    const { store } = await openSettingsStore(dir, { serviceUrl: 'http://127.0.0.1:9/' });
    expect(store.get().serviceUrl).toBe('http://127.0.0.1:9/');
    await store.update({ concurrency: 2 });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).serviceUrl).toBe(DEFAULT_SETTINGS.serviceUrl);
  });
});

describe('settings store under failures', () => {
  it('keeps both of two updates made at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    const { store } = await openSettingsStore(dir);
    const results = await Promise.all([store.update({ concurrency: 6 }), store.update({ theme: 'dark' }), store.update({ saveSubtitles: true })]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(store.get()).toMatchObject({ concurrency: 6, theme: 'dark', saveSubtitles: true });
    const onDisk = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'));
    expect(onDisk).toMatchObject({ concurrency: 6, theme: 'dark', saveSubtitles: true });
  });

  it('reports a failed save as data and keeps the settings as they were', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    const { store } = await openSettingsStore(dir);
    // a directory where the file should be: the rename fails whoever runs the test (root too)
    mkdirSync(join(dir, 'settings.json'));
    const result = await store.update({ concurrency: 7 });
    expect(result).toMatchObject({ ok: false, error: { code: 'settings_write_failed', retryable: true } });
    if (!result.ok) expect(result.error.message).toContain(join(dir, 'settings.json'));
    expect(store.get().concurrency).toBe(DEFAULT_SETTINGS.concurrency);
  });

  it('sets a damaged file aside before the first save replaces it, so nothing in it is lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    const damaged = '{"concurrency": 5, "downloadFolder": "/media/videos",}';
    writeFileSync(join(dir, 'settings.json'), damaged);
    const { store, rejected } = await openSettingsStore(dir);
    expect(rejected).toEqual(['settings.json']);
    expect(await store.update({ theme: 'dark' })).toMatchObject({ ok: true });
    const backups = readdirSync(dir).filter((name) => name.startsWith('settings.json.damaged'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(dir, backups[0] ?? ''), 'utf8')).toBe(damaged);
    expect((await openSettingsStore(dir)).store.get().theme).toBe('dark');
  });

  it('treats a file that is JSON but not an object as damaged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    writeFileSync(join(dir, 'settings.json'), '[1, 2]');
    expect((await openSettingsStore(dir)).rejected).toEqual(['settings.json']);
  });

  it('keeps settings it does not know (written by a newer Trove) when it saves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-settings-'));
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ concurrency: 5, futureOption: { on: true } }));
    const { store } = await openSettingsStore(dir);
    await store.update({ theme: 'light' });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ concurrency: 5, theme: 'light', futureOption: { on: true } });
    expect(store.get()).not.toHaveProperty('futureOption');
  });
});
