import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
