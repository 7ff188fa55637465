import { afterAll, describe, expect, it } from 'vitest';
import { freshFolders, launchDesktop } from './desktop-app';
import type { DesktopApp } from './desktop-app';

let app: DesktopApp | undefined;
afterAll(async () => {
  await app?.kill();
});

describe('the first start of the desktop app', () => {
  it('renders the first-run screen in its window, not a stuck "Connecting to Trove…"', async () => {
    const folders = await freshFolders();
    app = await launchDesktop({ folders });
    const { page } = app;
    expect(await page.getByRole('heading', { name: 'Welcome to Trove' }).isVisible()).toBe(true);
    expect(await page.locator('#root').textContent()).not.toContain('Connecting to Trove');
    // The page is the app's own origin as src/main sees it, and its preload gave it window.trove.
    const [shown] = await app.windows();
    expect(shown?.url).toBe('trove-app://app/index.html');
    expect(shown?.visible).toBe(true);
    expect(await page.evaluate("typeof window.trove?.['settings.get']")).toBe('function');
    // trove-app:// answers with the CSP as a header (app-protocol.ts), and the page runs under it.
    const csp = await page.evaluate("fetch('/index.html').then((response) => response.headers.get('content-security-policy'))");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('media-src');
    // Every permission the page could ask for is refused (session-hardening.ts).
    expect(await app.control({ type: 'permission.request', permission: 'media' })).toBe(false);
    expect(await app.control({ type: 'permission.check', permission: 'notifications' })).toBe(false);
    await app.screenshot('first-start');
  });

  it('starts the built-in sandbox from the first-run screen (sample media made into userData)', async () => {
    const { page } = app!;
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    await page.locator('#root .app-main').waitFor({ timeout: 60_000 });
    expect(await page.locator('.app-header').textContent()).toContain('Sandbox · sample media');
    await app!.screenshot('sandbox-mode');
  });

  it('keeps the window on the app: a navigation or a new window goes to the system browser instead', async () => {
    const { page } = app!;
    const before = page.url();
    await page.evaluate("location.href = 'https://example.com/away'");
    await expect.poll(async () => (await app!.records('shell.openExternal')).map((call) => call.args[0])).toContain('https://example.com/away');
    await page.evaluate("window.open('https://example.com/popup')");
    await expect.poll(async () => (await app!.records('shell.openExternal')).map((call) => call.args[0])).toContain('https://example.com/popup');
    expect(page.url()).toBe(before);
    // Still one window, still on the app.
    expect((await app!.windows()).map((window) => window.url)).toEqual(['trove-app://app/index.html']);
  });
});
