import { describe, expect, it } from 'vitest';
import { seedLibrary } from './seed-library';
import { routeSocket } from './socket-route';
import { openScreen, screenshot, screenshotThemes, useWebStack } from './web-stack';

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

  it('keeps 50 failed links to one line each, counted once, with Remove failed', async () => {
    const { page, core } = stack();
    // The 50 failed rows of the test before. Unsupported links are final: no Retry, on a row or for all.
    const summary = page.getByTestId('failed-summary');
    expect(await summary.getByRole('status').textContent()).toBe('50 links could not be read');
    expect(await summary.getByRole('button', { name: /Retry/ }).count()).toBe(0);
    const rows = page.locator('[data-testid="link-row"][data-kind="error"]');
    expect(await rows.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    // No alert per row: fifty would each interrupt a screen reader.
    expect(await page.getByTestId('link-list').getByRole('alert').count()).toBe(0);
    for (const [width, height] of [
      [800, 600],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      const heights = await rows.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
      // One line of small buttons plus the row's padding; the old error block was over 150 px.
      expect(Math.max(...heights), `${width}`).toBeLessThan(48);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width}`).toBe(0);
      await page.getByTestId('link-list').scrollIntoViewIfNeeded();
      await screenshot(page, `grab-50-failed-${width}-en`);
    }
    expect((await core.call('settings.update', { language: 'de' })).ok).toBe(true);
    await summary.getByText('50 Links konnten nicht gelesen werden').waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'grab-50-failed-800-de');
    expect((await core.call('settings.update', { language: 'en' })).ok).toBe(true);
    await summary.getByText('50 links could not be read').waitFor();

    // The details of one failure open from the keyboard, below its line.
    const details = rows.first().getByRole('button', { name: 'Details' });
    await details.focus();
    await page.keyboard.press('Enter');
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    expect(await rows.first().getByTestId('error-code').textContent()).toContain('unsupported_site');
    expect(await rows.first().getByTestId('error-message').isVisible()).toBe(true);
    await screenshot(page, 'grab-50-failed-details-800-en');
    await page.keyboard.press('Enter');
    expect(await rows.first().getByTestId('error-message').isVisible()).toBe(false);

    await summary.getByRole('button', { name: 'Remove failed (50)' }).click();
    await page.getByTestId('link-list').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
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
