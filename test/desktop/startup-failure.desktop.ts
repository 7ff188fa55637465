import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshFolders, launchDesktop } from './desktop-app';
import type { DesktopApp } from './desktop-app';

let app: DesktopApp | undefined;
afterAll(async () => {
  await app?.kill();
});

describe('a desktop app that cannot start turns the suite red', () => {
  it('a main process that throws at start-up fails the launch with its error', async () => {
    const folders = await freshFolders();
    const launch = launchDesktop({ folders, mainScript: path.resolve('test/desktop/fixtures/main-that-throws.ts') });
    await expect(launch).rejects.toThrow(/start-up failed on purpose/);
  });

  it('the real main process whose engine cannot open its database exits 1 and fails the launch', async () => {
    const folders = await freshFolders();
    // A folder where the database file must be: SQLite cannot open it.
    await mkdir(path.join(folders.userData, 'trove.db'), { recursive: true });
    const launch = launchDesktop({ folders });
    await expect(launch).rejects.toThrow(/Trove could not start: CoreStartError: Could not open the library/);
  });

  it('the renderer shows why it could not start when the main process answers nothing (no "Connecting" forever)', async () => {
    const folders = await freshFolders();
    app = await launchDesktop({ folders, mainScript: path.resolve('test/desktop/fixtures/main-without-ipc.ts'), readyWhen: '#root [role=alert]' });
    const alert = app.page.locator('#root [role=alert]');
    expect(await alert.getByRole('heading').textContent()).toBe('Trove could not start');
    // Electron's own rejection text reaches the user, unchanged.
    expect(await alert.locator('pre').textContent()).toBe(
      "Error invoking remote method 'trove:command:settings.get': Error: No handler registered for 'trove:command:settings.get'",
    );
    await app.screenshot('start-error');
  });
});
