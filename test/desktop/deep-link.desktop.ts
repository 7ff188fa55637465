import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grabDeepLink } from '../../src/shared/deep-link';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { freshFolders, launchDesktop, spawnMain, writeSettings } from './desktop-app';
import type { DesktopApp, DesktopFolders } from './desktop-app';

/*
 * "Send to Trove" in the desktop app: the OS starts it for a trove://grab?url=… link, or hands
 * the link to the running app through a second start (Windows, Linux). Grab opens with the
 * link in its box, and nothing is bought until the user presses Preview.
 */

let sandbox: Sandbox;
let folders: DesktopFolders;
let app: DesktopApp | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  folders = await freshFolders();
  await writeSettings(folders, { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: folders.downloads, onboarded: true });
});

afterAll(async () => {
  await app?.kill();
  await sandbox?.close();
});

const env = { TROVE_API_KEY: 'sandbox-key', TROVE_STANDIN_PACKAGED: '1' };
const boxOf = (desktop: DesktopApp) => desktop.page.getByLabel('Links to posts, profiles or playlists');
const extractions = (): number =>
  Object.entries(sandbox.stats().byEndpoint)
    .filter(([endpoint]) => endpoint.includes('extract'))
    .reduce((sum, [, count]) => sum + count, 0);

describe('trove:// links in the desktop app', () => {
  it('an app started for a link opens on Grab with it in the box, charges nothing, and the installed app claims trove://', async () => {
    sandbox.resetStats();
    const link = 'https://video.example/watch/deep-first';
    app = await launchDesktop({ folders, env, args: [grabDeepLink(link)] });
    const desktop = app;
    await expect.poll(() => boxOf(desktop).inputValue()).toBe(link);
    expect(await desktop.page.locator('section[data-screen="grab"]').isVisible()).toBe(true);
    await desktop.page.getByTestId('sent-link-notice').waitFor();
    // The link is off the address: a reload of the window would not send it again.
    expect(new URL(desktop.page.url()).hash).toBe('#/grab');
    expect(extractions()).toBe(0);
    expect(sandbox.stats().charges).toEqual([]);
    expect((await desktop.records('app.setAsDefaultProtocolClient')).map((call) => call.args)).toEqual([['trove']]);
    await desktop.screenshot('deep-link-first-start');

    // Preview is the user's step; only then is the post extracted.
    await boxOf(desktop).press('Enter');
    await desktop.page.getByTestId('post-card').waitFor();
    expect(extractions()).toBe(1);
  });

  it('a link handed over by a second start fills the running window; hostile links are refused and change nothing', async () => {
    const desktop = app!;
    await desktop.control({ type: 'window.close' });
    sandbox.resetStats();
    const link = 'https://video.example/watch/deep-second';
    expect(await spawnMain({ folders, env, args: [grabDeepLink(link)] }).exited).toBe(0);
    await expect.poll(async () => (await desktop.windows())[0]?.visible).toBe(true);
    await expect.poll(() => boxOf(desktop).inputValue()).toBe(link);

    for (const hostile of [
      'trove://grab?url=javascript%3Aalert(1)',
      `trove://grab?url=${encodeURIComponent('file:///etc/passwd')}`,
      `trove://grab?url=${encodeURIComponent(`https://video.example/${'a'.repeat(9000)}`)}`,
      'trove://settings?serviceUrl=http%3A%2F%2Fevil.example',
    ]) {
      expect(await spawnMain({ folders, env, args: [hostile] }).exited).toBe(0);
    }
    await expect.poll(() => desktop.output()).toMatch(/ignored a trove:\/\/ link(.|\n)*ignored a trove:\/\/ link(.|\n)*ignored a trove:\/\/ link(.|\n)*ignored a trove:\/\/ link/);
    expect(await boxOf(desktop).inputValue()).toBe(link);
    expect(extractions()).toBe(0);
    expect(sandbox.stats().charges).toEqual([]);
    await desktop.screenshot('deep-link-second-start');
  });
});
