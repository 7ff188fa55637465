import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { freshFolders, launchDesktop, writeSettings } from './desktop-app';
import type { DesktopApp } from './desktop-app';

/*
 * A returning user's desktop app against a sandbox the test owns (so it can set the
 * balance): paste, preview, download, queue, library, play, subtitles, a balance alert.
 */

let sandbox: Sandbox;
let app: DesktopApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const folders = await freshFolders();
  await writeSettings(folders, { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: folders.downloads, onboarded: true });
  app = await launchDesktop({ folders, env: { TROVE_API_KEY: 'sandbox-key' } });
});

afterAll(async () => {
  await app?.kill();
  await sandbox?.close();
});

/** The part of HTMLVideoElement the test reads (this file is type-checked without the DOM library). */
interface VideoElement {
  muted: boolean;
  play(): Promise<void>;
  currentTime: number;
  currentSrc: string;
  duration: number;
  readyState: number;
}

const nav = (name: string) => app.page.getByRole('navigation').getByRole('link', { name, exact: true });

describe('the desktop app downloads and plays a video', () => {
  it('previews a pasted link, downloads it and shows it done in the queue, with a notification', async () => {
    const { page } = app;
    await nav('Grab').click();
    const box = page.getByLabel('Links to posts, profiles or playlists');
    await box.fill('https://video.example/watch/desktop-video');
    await box.press('Enter');
    const card = page.getByTestId('post-card');
    await card.waitFor();
    expect(await card.getByTestId('variant-picker').locator('.choice').count()).toBe(3);
    await app.screenshot('grab-preview');
    await card.getByRole('button', { name: 'Download' }).click();
    await card.getByTestId('added-notice').waitFor();
    await page.getByRole('link', { name: 'Open the queue' }).click();
    await page.locator('[data-testid="job-row"][data-state="done"]').waitFor({ timeout: 60_000 });
    await app.screenshot('queue-done');

    // The main process's own view of the queue: a notification and the tray's status line.
    await expect.poll(async () => (await app.notifications()).map((shown) => shown.title)).toContain('Download finished');
    // The tray's summary is throttled (two a second): its latest menu catches up.
    await expect.poll(async () => JSON.stringify((await app.records('tray.setContextMenu')).at(-1)?.args)).toContain('Queue idle');
  });

  it('finds the video in the library and plays it through trove-media://', async () => {
    const { page } = app;
    const mediaResponses: { url: string; status: number; range: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith('trove-media:')) mediaResponses.push({ url: response.url(), status: response.status(), range: response.headers()['content-range'] });
    });
    await nav('Library').click();
    await page.getByTestId('library-item').first().click();
    const view = page.getByTestId('item-view');
    await view.waitFor();
    const played = await view.locator('video').evaluate(async (element: VideoElement) => {
      element.muted = true;
      await element.play();
      await new Promise<void>((resolve) => {
        const check = (): void => void (element.currentTime > 0 ? resolve() : setTimeout(check, 20));
        check();
      });
      return { source: element.currentSrc, duration: element.duration, at: element.currentTime, readyState: element.readyState };
    });
    // The page asks for trove-media:// itself; the main process's protocol handler answers
    // with byte ranges (206), and the merged MP4 plays. Seeking is not proven here (docs/desktop.md).
    expect(played.source).toMatch(/^trove-media:\/\/local\/.*\.mp4$/);
    expect(played.duration).toBeGreaterThan(1);
    expect(played.at).toBeGreaterThan(0);
    expect(mediaResponses.some((response) => response.url === played.source && response.status === 206 && response.range?.startsWith('bytes '))).toBe(true);
    await app.screenshot('library-item');
  });

  it('says on Grab that the video is downloaded, and Open hands its file to the system', async () => {
    const { page } = app;
    await nav('Grab').click();
    const box = page.getByLabel('Links to posts, profiles or playlists');
    await box.fill('https://video.example/watch/desktop-video');
    await box.press('Enter');
    const strip = page.getByTestId('duplicate-card').getByTestId('in-library');
    await strip.getByText(/^In your library · downloaded /u).waitFor();
    await strip.getByRole('button', { name: 'Open' }).click();
    await expect.poll(async () => (await app.records('shell.openPath')).map((call) => String(call.args[0]))).toEqual([expect.stringMatching(/desktop-video.*\.mp4$/u)]);
    await app.screenshot('grab-in-library');
    await strip.getByRole('link', { name: 'Show in library' }).click();
    await page.getByTestId('item-view').waitFor();
  });

  it('lists the subtitles of the library video and shows the cues of a track', async () => {
    const { page } = app;
    await page.getByTestId('fetch-subtitles').click();
    await page.getByTestId('list-subtitles').click();
    await page.getByTestId('track-list').waitFor();
    await page.getByTestId('track').first().getByRole('button', { name: 'View' }).click();
    await page.getByTestId('cue').first().waitFor();
    expect(await page.getByTestId('cue').count()).toBeGreaterThan(0);
    await app.screenshot('subtitles');
  });

  it('turns a balance alert into a native notification', async () => {
    const { page } = app;
    sandbox.setBalance('sandbox-key', 1_500);
    await page.locator('.app-header').getByRole('button', { name: 'Check balance (free)' }).click();
    await page.getByTestId('balance-alert').waitFor();
    await expect.poll(async () => (await app.notifications()).map((shown) => `${shown.title}: ${shown.body}`)).toContain(
      'Credits running low: 1,500 credits left (below 2,000).',
    );
    await app.screenshot('balance-alert');
  });
});
