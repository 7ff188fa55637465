import { afterAll, describe, expect, it } from 'vitest';
import { freshFolders, launchDesktop, writeSettings } from './desktop-app';
import type { DesktopApp } from './desktop-app';

let app: DesktopApp | undefined;
afterAll(async () => {
  await app?.kill();
});

describe('the desktop window in a language other than English', () => {
  it("starts in it: the language's strings load as their own chunk through the app's scheme and its CSP", async () => {
    const folders = await freshFolders();
    await writeSettings(folders, { onboarded: true, language: 'de', downloadFolder: folders.downloads });
    app = await launchDesktop({ folders });
    const nav = app.page.getByRole('navigation');
    await nav.getByText('Bibliothek').waitFor();
    expect(await nav.textContent()).not.toContain('Library');
    expect(await app.page.evaluate('document.documentElement.lang')).toBe('de');
    await app.screenshot('language-start-de');
  });
});
