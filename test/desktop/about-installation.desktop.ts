import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import type { Diagnostics } from '../../src/shared/diagnostics';
import { freshFolders, launchDesktop, writeSettings } from './desktop-app';
import type { DesktopApp } from './desktop-app';

let app: DesktopApp | undefined;
afterAll(async () => {
  await app?.kill();
});

describe('About this installation in the desktop app', () => {
  it('answers through the preload from the built main process, with the app’s own folders and version', async () => {
    const folders = await freshFolders();
    await writeSettings(folders, { onboarded: true, downloadFolder: folders.downloads });
    app = await launchDesktop({ folders });
    const { page } = app;
    const answer = (await page.evaluate("window.trove['app.diagnostics']({})")) as { ok: boolean; value: Diagnostics };
    expect(answer.ok).toBe(true);
    expect(answer.value).toMatchObject({
      trove: packageJson.version,
      dataFolder: { path: folders.userData, exists: true, writable: true },
      downloadFolder: { path: folders.downloads },
      service: { sandbox: false },
    });
    await page.evaluate("location.hash = '#/settings'");
    const section = page.getByTestId('about-installation');
    await section.locator('dl').waitFor();
    expect(await section.textContent()).toContain(folders.userData);
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await app.screenshot('about-installation');
  });
});
