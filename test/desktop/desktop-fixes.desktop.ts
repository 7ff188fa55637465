import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { freshFolders, launchDesktop, writeSettings } from './desktop-app';
import type { DesktopApp } from './desktop-app';
import type { RecordedCall } from './electron-standin/recorder';

/*
 * The desktop fixes, on one start of a packaged app (TROVE_STANDIN_PACKAGED=1) that was
 * maximized last time and is handed a foreign ELECTRON_RENDERER_URL: the window's reveal,
 * the ignored dev-server variable, fullscreen for the video player, and a tray menu that is
 * not rebuilt twice a second during a download.
 */

let sandbox: Sandbox;
let app: DesktopApp | undefined;
let foreignRequests = 0;
let foreignUrl = '';
const foreign = createServer((_request, response) => {
  foreignRequests += 1;
  response.setHeader('content-type', 'text/html');
  response.end('<!doctype html><title>Not Trove</title><h1>A page that wants the key</h1>');
});

beforeAll(async () => {
  foreign.listen(0, '127.0.0.1');
  await once(foreign, 'listening');
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`;
  // Slow media: the download lasts long enough for many queue summaries (two a second).
  sandbox = await startSandbox({ port: 0, throttleBytesPerSecond: 40_000 });
  const folders = await freshFolders();
  await writeSettings(folders, { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: folders.downloads, onboarded: true });
  await writeFile(path.join(folders.userData, 'window-state.json'), JSON.stringify({ x: 120, y: 80, width: 1100, height: 720, maximized: true }));
  app = await launchDesktop({
    folders,
    env: { TROVE_API_KEY: 'sandbox-key', TROVE_STANDIN_PACKAGED: '1', ELECTRON_RENDERER_URL: foreignUrl },
  }).catch((error: unknown) => {
    // A packaged app that honours the variable never shows the app: say why.
    if (foreignRequests > 0) throw new Error(`The packaged app loaded the page named in ELECTRON_RENDERER_URL (${foreignUrl})`, { cause: error });
    throw error;
  });
});

afterAll(async () => {
  await app?.kill();
  await sandbox?.close();
  foreign.close();
});

const desktop = (): DesktopApp => {
  if (!app) throw new Error('The app did not start');
  return app;
};

describe('the desktop fixes under the stand-in', () => {
  it('reveals the window after its first paint, then maximizes it as it was (window-reveal.ts)', async () => {
    const lifecycle = (calls: RecordedCall[]): string[] =>
      calls.map((call) => call.api.replace('window.', '')).filter((event) => ['ready-to-show', 'show', 'maximize'].includes(event));
    await expect.poll(async () => lifecycle(await desktop().records('window.'))).toContain('maximize');
    // No show before ready-to-show: a window shown (or maximized, which shows it) earlier paints blank.
    expect(lifecycle(await desktop().records('window.')).slice(0, 3)).toEqual(['ready-to-show', 'show', 'maximize']);
    expect((await desktop().windows())[0]).toMatchObject({ visible: true, maximized: true, bounds: { x: 0, y: 0, width: 1920, height: 1080 } });
    await desktop().screenshot('packaged-maximized');
  });

  it('a packaged app ignores ELECTRON_RENDERER_URL: it loads trove-app://app and never trusts the page named there (app-origin.ts)', async () => {
    expect((await desktop().windows()).map((window) => window.url)).toEqual(['trove-app://app/index.html']);
    expect(foreignRequests).toBe(0);
    // The foreign origin gets none of the app's permissions either.
    expect(await desktop().control({ type: 'permission.request', permission: 'fullscreen', url: foreignUrl })).toBe(false);
    expect(await desktop().control({ type: 'permission.check', permission: 'fullscreen', url: foreignUrl })).toBe(false);
  });

  it("grants fullscreen to the app's own origin only: the library's video player (session-hardening.ts)", async () => {
    // Asked as Electron asks the session's handlers, with the window's webContents and its real URL.
    expect(await desktop().control({ type: 'permission.request', permission: 'fullscreen' })).toBe(true);
    expect(await desktop().control({ type: 'permission.check', permission: 'fullscreen' })).toBe(true);
    expect(await desktop().control({ type: 'permission.request', permission: 'fullscreen', url: 'https://elsewhere.example/watch' })).toBe(false);
    expect(await desktop().control({ type: 'permission.check', permission: 'fullscreen', url: 'https://elsewhere.example/watch' })).toBe(false);
    // Fullscreen is the one permission: the app's own page gets nothing else.
    expect(await desktop().control({ type: 'permission.request', permission: 'media' })).toBe(false);
  });

  it('during a download the tooltip follows the progress, while the tray menu is set again only when it changes (tray-menu.ts)', async () => {
    const { page } = desktop();
    const before = (await desktop().records('tray.')).length;
    const box = page.getByLabel('Links to posts, profiles or playlists');
    await box.fill('https://video.example/watch/desktop-tray');
    await box.press('Enter');
    const card = page.getByTestId('post-card');
    await card.locator('label.choice[data-quality="1080"]').click();
    await card.getByRole('button', { name: 'Download' }).click();
    await page.getByRole('link', { name: 'Open the queue' }).click();
    await page.locator('[data-testid="job-row"][data-state="done"]').waitFor({ timeout: 60_000 });
    // The summary is throttled: wait for the idle state to reach the tray.
    await expect.poll(async () => (await desktop().records('tray.setToolTip')).at(-1)?.args[0]).toBe('Trove: Queue idle');

    const calls = (await desktop().records('tray.')).slice(before);
    const tooltips = calls.filter((call) => call.api === 'tray.setToolTip').map((call) => String(call.args[0]));
    const menus = calls.filter((call) => call.api === 'tray.setContextMenu').map((call) => JSON.stringify(call.args[0]));
    const percentages = new Set(tooltips.map((tip) => /\((\d+)%\)$/.exec(tip)?.[1]).filter((percent) => percent !== undefined));
    // The tooltip kept moving with the download...
    expect(percentages.size).toBeGreaterThanOrEqual(3);
    // ...but the menu was set once per change of what it shows, never twice the same in a row.
    expect(menus.length).toBeGreaterThanOrEqual(2);
    expect(menus.length).toBeLessThan(tooltips.length);
    for (let index = 1; index < menus.length; index += 1) expect(menus[index]).not.toBe(menus[index - 1]);
    // Each status change is one menu: as many menus as the tooltips' status line changed (plus the first).
    const statuses = tooltips.map((tip) => tip.replace(/^Trove: /, '').replace(/ \(\d+%\)$/, ''));
    const statusChanges = statuses.filter((status, index) => index === 0 || status !== statuses[index - 1]).length;
    expect(menus.length).toBeLessThanOrEqual(statusChanges + 1);
  });
});
