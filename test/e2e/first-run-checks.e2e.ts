import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Keychain } from '../../src/core/secrets/keychain';
import { closedPort } from '../closed-port';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

/*
 * First run and settings as a user meets them at 800×600: an error shows up where the eye
 * is, a check that fails saves nothing, and a key works even where the OS keychain cannot
 * keep it. The keychain here is a headless Linux box's: every call fails the way
 * @napi-rs/keyring fails without a D-Bus session.
 */

const NO_DBUS = 'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead';
const headlessKeychain: Keychain = {
  getPassword: () => Promise.reject(new Error(NO_DBUS)),
  setPassword: () => Promise.reject(new Error(NO_DBUS)),
  deletePassword: () => Promise.reject(new Error(NO_DBUS)),
};

const stack = useWebStack({}, { onboarded: false, withKey: false, keychain: headlessKeychain });

/** Whether the element is fully inside the 800×600 window, as the user sees it (to the pixel: layout rounds). */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (box === null || viewport === null) return false;
  return box.y >= -1 && box.y + box.height <= viewport.height + 1 && box.x >= -1 && box.x + box.width <= viewport.width + 1;
}

const storedSettings = (dataDir: string): Record<string, unknown> => {
  const file = path.join(dataDir, 'settings.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
};

describe('first run at 800×600 on a machine without a keychain', () => {
  it('shows a failed check next to the button, saves nothing, then keeps a good key for the session and says why', async () => {
    const { page, core, sandbox, dataDir } = stack();
    await page.setViewportSize({ width: 800, height: 600 });
    const onboarding = page.getByTestId('onboarding');
    await onboarding.waitFor();
    const connect = onboarding.getByRole('button', { name: 'Check and continue' });

    // No service at that address: the button is visibly busy, then the error is in view.
    await onboarding.getByLabel('Service URL').fill(`http://127.0.0.1:${await closedPort()}`);
    await onboarding.getByLabel('API key').fill('sandbox-key');
    await connect.click();
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]')?.textContent?.includes('Checking the key') === true);
    const unreachable = onboarding.getByTestId('in-view-message');
    await unreachable.waitFor({ timeout: 30_000 });
    expect(await unreachable.getByTestId('error-code').textContent()).toContain('network_error');
    expect(await inView(page, unreachable.getByTestId('error-message'))).toBe(true);
    await screenshotThemes(page, 'onboarding-800-unreachable');
    expect(storedSettings(dataDir)['serviceUrl']).toBeUndefined();

    // The right service, a wrong key: refused in view, still nothing saved.
    await onboarding.getByLabel('Service URL').fill(sandbox.url);
    await onboarding.getByLabel('API key').fill('not-a-real-key');
    await connect.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="in-view-message"] [data-testid="error-code"]')?.textContent?.includes('key_rejected') === true);
    expect(await inView(page, onboarding.getByTestId('error-message'))).toBe(true);
    expect(storedSettings(dataDir)['serviceUrl']).toBeUndefined();
    expect(storedSettings(dataDir)['onboarded']).toBeUndefined();

    // A good key the keychain cannot keep: it works for this session, and the user hears why it was not saved, in view.
    await onboarding.getByLabel('API key').fill(sandbox.keys[0] ?? '');
    await connect.click();
    const unsaved = page.getByTestId('key-unsaved');
    await unsaved.waitFor();
    expect(await unsaved.textContent()).toContain('TROVE_API_KEY');
    expect(await inView(page, unsaved)).toBe(true);
    await screenshotThemes(page, 'onboarding-800-session-key');
    expect(storedSettings(dataDir)['serviceUrl']).toBe(sandbox.url);
    await onboarding.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByTestId('balance').waitFor();
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''));

    // After a restart of the page the welcome does not come back; Settings says the key lasts for this session, and why.
    await page.reload();
    await page.getByTestId('balance').waitFor();
    expect(await page.getByTestId('onboarding').count()).toBe(0);
    await openScreen(page, '#/settings');
    await page.getByTestId('api-key').waitFor();
    expect(await page.getByTestId('key-status').textContent()).toBe('Set for this session only');
    expect(await page.getByTestId('api-key').getByTestId('key-unsaved').textContent()).toContain('gnome-keyring');
    const status = await core.call('key.status', {});
    expect(status.ok && status.value).toMatchObject({ isSet: true, source: 'session', unsaved: { code: 'keychain_unavailable' } });

    // In German, the same notice in German.
    expect((await core.call('settings.update', { language: 'de' })).ok).toBe(true);
    await page.waitForFunction(() => document.querySelector('[data-testid="key-status"]')?.textContent === 'Nur für diese Sitzung gesetzt');
    expect(await page.getByTestId('api-key').getByTestId('key-unsaved').textContent()).toContain('Schlüsselbund');
    expect((await core.call('settings.update', { language: 'en' })).ok).toBe(true);
  });

  it('refuses a download folder through a file, under /proc, and a service address that does not answer, in plain words, and saves none of them', async () => {
    const { page, core, dataDir, downloadDir } = stack();
    await page.setViewportSize({ width: 800, height: 600 });
    await openScreen(page, '#/settings');
    const folderField = page.getByLabel('Download folder', { exact: true });
    await folderField.waitFor();
    const before = await core.call('settings.get', {});
    const afile = path.join(dataDir, 'afile');
    await writeFile(afile, 'not a folder');

    for (const [folder, words] of [
      [path.join(afile, 'sub'), 'is a file, not a folder'],
      ['/proc/trove-downloads', 'that place does not hold files'],
    ] as const) {
      await folderField.fill(folder);
      await folderField.press('Enter');
      const problem = page.getByTestId('setting-downloadFolder').getByRole('alert');
      await problem.waitFor();
      await page.waitForFunction((text) => document.querySelector('[data-testid="setting-downloadFolder"] [role="alert"]')?.textContent?.includes(text) === true, words);
      expect(await inView(page, problem)).toBe(true);
    }
    await screenshotThemes(page, 'settings-800-folder-refused');
    const after = await core.call('settings.get', {});
    expect(after.ok && after.value.downloadFolder).toBe(before.ok ? before.value.downloadFolder : 'none');
    expect(after.ok && after.value.downloadFolder).not.toBe('');
    expect(downloadDir).toBeTruthy();

    const urlField = page.getByLabel('Service URL', { exact: true });
    const unreachable = `http://127.0.0.1:${await closedPort()}`;
    await urlField.fill(unreachable);
    await urlField.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="setting-serviceUrl"] [role="alert"]')?.textContent?.includes('No Media Extraction Service answered') === true,
      undefined,
      { timeout: 30_000 },
    );
    const settings = await core.call('settings.get', {});
    expect(settings.ok && settings.value.serviceUrl).not.toBe(unreachable);
  });
});
