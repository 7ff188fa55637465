import { describe, expect, it } from 'vitest';
import { seedLibrary } from './seed-library';
import { routeSocket } from './socket-route';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack({}, { seed: (dataDir) => seedLibrary(dataDir, 300) });

describe('what is left over is never lost silently', () => {
  it('previews the first 50 dropped links and keeps the others in the box, with a note', async () => {
    const { page } = stack();
    await openScreen(page, '#/grab');
    // Unsupported links: each preview fails at once and charges nothing.
    const links = Array.from({ length: 60 }, (_unused, index) => `https://elsewhere.example/${index}`);
    await page.locator('.grab-screen').evaluate((screen, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      screen.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, links.join('\n'));
    await page.getByText('Previewing the first 50 links; the other 10 are still in the box: preview them next.').waitFor();
    expect((await page.getByLabel('Links to posts, profiles or playlists').inputValue()).split('\n')).toEqual(links.slice(50));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="link-row"][data-kind="error"]').length === 50);
    await screenshotThemes(page, 'grab-drop-capped');
  });

  it('shows why a later library page did not load until it loads', async () => {
    const { page } = stack();
    // The connection drops while the second page is asked for (the first page loads as usual).
    let cut = false;
    await openScreen(page, '#/library');
    await routeSocket(page, (request, forward, cutConnection) => {
      if (!cut && request.command === 'library.search' && (request.input?.offset ?? 0) >= 100) {
        cut = true;
        cutConnection();
      } else {
        forward();
      }
    });
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByTestId('library-item').first().waitFor();
    await page.getByTestId('library-scroll').evaluate((element) => element.scrollTo({ top: 150 * 72 }));
    const notice = page.getByRole('alert').filter({ hasText: 'Could not load the library' });
    await notice.waitFor();
    expect(await notice.getByTestId('error-code').textContent()).toContain('disconnected');
    expect(await page.locator('[data-index="150"][aria-busy="true"]').count()).toBe(1);
    await screenshotThemes(page, 'library-page-failed');

    // The list asks again as its layout settles after reconnecting (Retry does the same: see
    // library-pages.test.ts); once the page is in, the notice goes.
    await page.locator('[data-testid="library-item"][data-index="150"]').waitFor();
    await notice.waitFor({ state: 'detached' });
  });
});
