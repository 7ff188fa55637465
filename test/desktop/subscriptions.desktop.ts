import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { freshFolders, launchDesktop, writeSettings } from './desktop-app';
import type { DesktopApp, DesktopFolders } from './desktop-app';

/*
 * Subscriptions in the desktop app: a profile followed from its Grab card, run by hand from
 * the Subscriptions screen, and one left due that the main process's scheduler runs by
 * itself when the app starts. Each run with new posts shows a native notification
 * "N new posts from @creator" and queues their downloads; each page of the profile is one
 * charged call. The real built main process under the Electron stand-in.
 */

let sandbox: Sandbox;
let folders: DesktopFolders;
let app: DesktopApp | undefined;

const playlistCharges = (): number => sandbox.stats().charges.filter((charge) => charge.endpoint.includes('playlist')).length;
const shown = async (current: DesktopApp): Promise<string[]> => (await current.notifications()).map((notice) => `${notice.title} | ${notice.body}`);

async function openNav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
}

/** Previews a profile on the Grab screen and presses Follow on its card. */
async function followFromGrab(page: Page, url: string, handle: string): Promise<void> {
  await openNav(page, 'Grab');
  const box = page.getByLabel('Links to posts, profiles or playlists');
  await box.fill(url);
  await box.press('Enter');
  // Grab keeps earlier previews: this is the card of this profile.
  const card = page.getByTestId('playlist-card').filter({ hasText: handle });
  await card.getByTestId('follow').click();
  await card.getByTestId('following').waitFor();
}

async function queuedRows(page: Page): Promise<number> {
  await openNav(page, 'Queue');
  return page.getByTestId('job-row').count();
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  folders = await freshFolders();
  await writeSettings(folders, { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: folders.downloads, onboarded: true });
  app = await launchDesktop({ folders, env: { TROVE_API_KEY: 'sandbox-key' } });
});

afterAll(async () => {
  await app?.kill();
  await sandbox?.close();
});

describe('subscriptions in the desktop app', () => {
  it('follows a profile from Grab, runs it now: a notification, its posts queued, one charge per page', async () => {
    const current = app as DesktopApp;
    const { page } = current;
    await followFromGrab(page, 'https://video.example/@desk-a-12', '@desk-a');
    expect(playlistCharges()).toBe(1); // the preview; following charges nothing

    // Followed from the card: posts from now on. Three appear, then the user runs it.
    sandbox.addPosts('/@desk-a', 3);
    await openNav(page, 'Subscriptions');
    const row = page.getByTestId('subscription-row').first();
    await row.getByRole('button', { name: 'Run now' }).click();
    await row.getByTestId('run-summary').filter({ hasText: '3 new posts' }).waitFor();
    // The new posts are all on the profile's first page: one charged call.
    expect(playlistCharges()).toBe(2);

    await expect.poll(() => shown(current)).toContain('New posts | 3 new posts from @desk-a');
    await expect.poll(() => queuedRows(page)).toBe(3);
    await current.screenshot('subscriptions-ran');
  });

  it('runs a due subscription by itself when the app starts, with its notification', async () => {
    const first = app as DesktopApp;
    // A new subscription's first run is due at once; the app is quit before the scheduler's next look.
    await followFromGrab(first.page, 'https://video.example/@desk-b-12', '@desk-b');
    sandbox.addPosts('/@desk-b', 2);
    const before = await shown(first);
    const chargesBefore = playlistCharges();
    await first.quit();
    app = undefined;

    app = await launchDesktop({ folders, env: { TROVE_API_KEY: 'sandbox-key' } });
    const second = app;
    // Nobody pressed Run now: the scheduler in the main process ran it (at start, or at its
    // next look if the first app's look came just before it quit).
    await expect.poll(async () => [...before, ...(await shown(second))], { timeout: 30_000 }).toContain('New posts | 2 new posts from @desk-b');
    expect(playlistCharges()).toBe(chargesBefore + 1);
    await expect.poll(() => queuedRows(second.page)).toBe(5);
  });
});
