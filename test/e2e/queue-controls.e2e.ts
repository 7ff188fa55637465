import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { grab, screenshotThemes, useWebStack } from './web-stack';

// Slow media, so a download is still running when the buttons are pressed.
const stack = useWebStack({ throttleBytesPerSecond: 20_000 });

const rowIn = (page: Page, state: string) => page.locator(`[data-testid="job-row"][data-state="${state}"]`);

describe('queue controls', () => {
  it('pauses, resumes and cancels a running download', async () => {
    const { page, core } = stack();
    await grab(page, 'https://video.example/watch/e2e-controls');
    const card = page.getByTestId('post-card');
    await card.waitFor();
    await card.getByRole('button', { name: 'Download' }).click();
    await card.getByTestId('added-notice').waitFor();
    await page.goto(`${stack().server.origin}/#/queue`);

    await rowIn(page, 'downloading').waitFor({ timeout: 30_000 });
    await rowIn(page, 'downloading').getByRole('button', { name: 'Pause' }).click();
    await rowIn(page, 'paused').waitFor();
    await screenshotThemes(page, 'queue-paused');

    await rowIn(page, 'paused').getByRole('button', { name: 'Resume' }).click();
    await page.locator('[data-testid="job-row"]:is([data-state="queued"],[data-state="extracting"],[data-state="downloading"])').waitFor();

    await page.getByTestId('job-row').first().getByRole('button', { name: 'Cancel' }).click();
    await rowIn(page, 'canceled').waitFor();
    await screenshotThemes(page, 'queue-canceled');

    const jobs = await core.call('jobs.list', {});
    expect(jobs.ok && jobs.value.map((job) => job.state)).toEqual(['canceled']);
    // The filters count it, and Retry brings it back.
    await page.getByRole('button', { name: /^Canceled/ }).click();
    expect(await page.getByTestId('job-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: /^All/ }).click();
    await page.locator('[data-testid="job-row"]:not([data-state="canceled"])').waitFor();
  });
});

describe('a long queue', () => {
  it('renders only the visible rows of hundreds of jobs, pauses them all and reorders', async () => {
    const { page, core } = stack();
    const ids: number[] = [];
    for (let index = 0; index < 200; index += 1) {
      const added = await core.call('jobs.add', { source: { kind: 'link', url: `https://video.example/watch/bulk-${index}` }, options: {} });
      if (added.ok) ids.push(...added.value.jobIds);
    }
    expect(ids).toHaveLength(200);
    await page.waitForFunction(() => /All\s*201/.test(document.querySelector('.filter-button')?.textContent ?? ''));
    expect(await page.getByTestId('job-row').count()).toBeLessThan(40);

    await page.locator('.queue-scroll').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const last = String(Math.max(...ids));
    await page.locator(`[data-testid="job-row"][data-job-id="${last}"]`).waitFor();
    expect(await page.getByTestId('job-row').count()).toBeLessThan(40);

    await page.getByRole('button', { name: 'Pause all' }).click();
    await page.waitForFunction(() => /Active\s*0/.test([...document.querySelectorAll('.filter-button')].map((button) => button.textContent).join(' ')), undefined, {
      timeout: 30_000,
    });
    await screenshotThemes(page, 'queue-long-paused');

    // Reorder: the first job moves down one place.
    await page.locator('.queue-scroll').evaluate((element) => element.scrollTo({ top: 0 }));
    // The virtual list renders the top rows on its next frame: read the order only once they are there.
    await page.waitForFunction(() => (document.querySelector('.queue-item') as HTMLElement | null)?.style.transform === 'translateY(0px)');
    const firstId = async () => page.getByTestId('job-row').first().getAttribute('data-job-id');
    const [first, second] = [await firstId(), await page.getByTestId('job-row').nth(1).getAttribute('data-job-id')];
    await page.getByTestId('job-row').first().getByRole('button', { name: 'Move down' }).click();
    await page.waitForFunction((expected) => document.querySelector('[data-testid="job-row"]')?.getAttribute('data-job-id') === expected, second);
    expect(await page.getByTestId('job-row').nth(1).getAttribute('data-job-id')).toBe(first);
  });
});
