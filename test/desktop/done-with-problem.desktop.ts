import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { freshFolders, launchDesktop, writeSettings } from './desktop-app';
import type { DesktopApp } from './desktop-app';

/*
 * "Save subtitles" on in the settings, a video on a site without subtitles: the desktop
 * app's native notification says the download finished with a problem and names it, and
 * the queue row says the same. The real built main process under the Electron stand-in.
 */

let sandbox: Sandbox;
let app: DesktopApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const folders = await freshFolders();
  await writeSettings(folders, {
    serviceUrl: sandbox.url,
    apiVersion: 'v1',
    downloadFolder: folders.downloads,
    onboarded: true,
    saveSubtitles: true,
    subtitleLanguages: ['en'],
  });
  app = await launchDesktop({ folders, env: { TROVE_API_KEY: 'sandbox-key' } });
});

afterAll(async () => {
  await app?.kill();
  await sandbox?.close();
});

describe('a desktop download whose subtitles could not be saved', () => {
  it('ends with a notification "Download finished, with 1 problem" that names it', async () => {
    const { page } = app;
    await page.getByRole('navigation').getByRole('link', { name: 'Grab', exact: true }).click();
    const box = page.getByLabel('Links to posts, profiles or playlists');
    await box.fill('https://guarded.example/watch/desktop-no-subs');
    await box.press('Enter');
    const card = page.getByTestId('post-card');
    await card.waitFor();
    expect(await card.getByRole('checkbox', { name: /^Save subtitles/ }).isChecked()).toBe(true);
    await card.getByRole('button', { name: 'Download' }).click();
    await page.getByRole('link', { name: 'Open the queue' }).click();
    const row = page.locator('[data-testid="job-row"][data-state="done"]');
    await row.waitFor({ timeout: 60_000 });
    expect(await row.getByTestId('job-state').textContent()).toBe('Done, with 1 problem');

    await expect
      .poll(async () => (await app.notifications()).map((shown) => `${shown.title} | ${shown.body}`))
      .toContainEqual(expect.stringMatching(/^Download finished, with 1 problem \| Sample video desktop-no-subs\nSubtitles not saved: \S/));
    await app.screenshot('queue-done-with-problem');
  });
});
