import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { freshFolders, launchDesktop, spawnMain, writeSettings } from './desktop-app';
import type { DesktopApp, DesktopFolders } from './desktop-app';

/*
 * What only the desktop app does: clipboard watching with a notification to click, the
 * single instance, closing to the tray, and quitting with the queue saved for next time.
 */

let sandbox: Sandbox;
let folders: DesktopFolders;
let app: DesktopApp | undefined;

beforeAll(async () => {
  // Slow media: a download is still running when the app quits.
  sandbox = await startSandbox({ port: 0, throttleBytesPerSecond: 25_000 });
  folders = await freshFolders();
  await writeSettings(folders, { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: folders.downloads, onboarded: true, clipboardWatching: true });
});

afterAll(async () => {
  await app?.kill();
  await sandbox?.close();
});

const launch = (): Promise<DesktopApp> => launchDesktop({ folders, env: { TROVE_API_KEY: 'sandbox-key' } });
const firstWindow = async (desktop: DesktopApp) => (await desktop.windows())[0];

describe('the desktop app beyond its window', () => {
  it('offers a copied link in a notification; clicking it brings the window back on Grab with the link previewed, queued only when asked', async () => {
    app = await launch();
    const desktop = app;
    const { page } = desktop;
    // The user is elsewhere in the app, and the window closed to the tray: hidden, the app still running.
    await page.getByRole('navigation').getByRole('link', { name: 'Balance', exact: true }).click();
    await desktop.control({ type: 'window.close' });
    expect((await firstWindow(desktop))?.visible).toBe(false);
    sandbox.resetStats();

    await desktop.control({ type: 'clipboard.write', text: 'https://video.example/watch/desktop-clip' });
    await expect.poll(async () => (await desktop.notifications()).map((shown) => shown.title), { timeout: 10_000 }).toContain('Preview this link?');
    const offer = (await desktop.notifications()).find((shown) => shown.title === 'Preview this link?');
    expect(offer?.body).toContain('https://video.example/watch/desktop-clip');
    // Offering costs nothing: no call reached the service yet.
    expect(sandbox.stats().charges).toEqual([]);
    // A garbage collection first: Electron drops a collected notification's click handler, so the
    // app must hold its own reference (notifier.ts) for the click to reach it.
    await desktop.control({ type: 'gc' });
    await desktop.control({ type: 'notification.click', index: offer?.index ?? -1 });

    expect(await firstWindow(desktop)).toMatchObject({ visible: true, focused: true });
    // Grab is the screen on show, with the link's preview: what it is and what it would download.
    const grab = page.locator('section[data-screen="grab"]');
    const card = grab.getByTestId('post-card');
    await card.waitFor();
    expect(await grab.isVisible()).toBe(true);
    expect(await page.locator('section[data-screen="balance"]').isVisible()).toBe(false);
    expect(await card.getByTestId('variant-picker').locator('.choice').count()).toBeGreaterThan(0);
    await desktop.screenshot('clipboard-preview');
    // The click paid for the preview only, as a paste does: one extraction of that link, no media, nothing queued.
    expect(sandbox.stats().charges.map((charge) => charge.url)).toEqual(['https://video.example/watch/desktop-clip']);
    expect(sandbox.stats().mediaRequests).toBe(0);
    const queued = await page.evaluate("window.trove['jobs.list']({}).then((answer) => answer.ok ? answer.value.length : -1)");
    expect(queued).toBe(0);

    // Downloading is the user's own next step.
    await card.getByRole('button', { name: 'Download' }).click();
    await card.getByRole('link', { name: 'Open the queue' }).click();
    await page.getByTestId('job-row').first().waitFor();
    expect(await page.getByTestId('job-row').first().textContent()).toContain('desktop-clip');
    await desktop.screenshot('clipboard-queued');
  });

  it('a second start hands over to the running app, which shows its window', async () => {
    const desktop = app!;
    await desktop.control({ type: 'window.close' });
    expect((await firstWindow(desktop))?.visible).toBe(false);
    const second = spawnMain({ folders, env: { TROVE_API_KEY: 'sandbox-key' } });
    // The second process gets no lock, tells the first, and quits without a window of its own.
    expect(await second.exited).toBe(0);
    await expect.poll(async () => (await firstWindow(desktop))?.visible).toBe(true);
    expect((await firstWindow(desktop))?.focused).toBe(true);
    expect(await desktop.windows()).toHaveLength(1);
  });

  it('quitting from the tray closes the database cleanly, and the next start resumes the download', async () => {
    const desktop = app!;
    const { page } = desktop;
    await page.locator('[data-testid="job-row"][data-state="done"]').first().waitFor({ timeout: 30_000 });
    await page.getByRole('navigation').getByRole('link', { name: 'Grab', exact: true }).click();
    const box = page.getByLabel('Links to posts, profiles or playlists');
    await box.fill('https://video.example/watch/desktop-resume');
    await box.press('Enter');
    // Newest first, above the clipboard link's card.
    const card = page.getByTestId('post-card').filter({ hasText: 'desktop-resume' });
    await card.locator('label.choice[data-quality="1080"]').click();
    await card.getByRole('button', { name: 'Download' }).click();
    await card.getByRole('link', { name: 'Open the queue' }).click();
    await page.locator('[data-testid="job-row"][data-state="downloading"]').first().waitFor({ timeout: 30_000 });
    await desktop.screenshot('queue-before-quit');
    expect(await desktop.quit()).toBe(0);
    app = undefined;
    // SQLite removes its write-ahead log when the last connection closes cleanly.
    expect(existsSync(path.join(folders.userData, 'trove.db-wal'))).toBe(false);
    expect(existsSync(path.join(folders.userData, 'SingletonLock'))).toBe(false);

    app = await launch();
    const restarted = app;
    await restarted.page.getByRole('navigation').getByRole('link', { name: 'Queue', exact: true }).click();
    const resumed = restarted.page.getByTestId('job-row').filter({ hasText: 'desktop-resume' });
    await resumed.and(restarted.page.locator('[data-state="done"]')).waitFor({ timeout: 60_000 });
    // The same job finished: nothing was queued twice.
    expect(await restarted.page.getByTestId('job-row').count()).toBe(2);
    await restarted.screenshot('queue-resumed');
  });
});
