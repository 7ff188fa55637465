import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, useWebStack } from './web-stack';

const stack = useWebStack();

/** The number of posts the library shows once the list has settled on a filter. */
async function shown(page: Page, count: number): Promise<void> {
  await page.waitForFunction((expected) => document.querySelectorAll('[data-testid="library-item"]').length === expected, count, { timeout: 15_000 });
}

describe('library filters', () => {
  it('find a site by its domain and an author by the display name', async () => {
    const { page, core } = stack();
    for (const url of ['https://music.example/t/e2e-filter-song', 'https://photos.example/p/e2e-filter-photos']) {
      expect((await core.call('jobs.add', { source: { kind: 'link', url }, options: {} })).ok).toBe(true);
    }
    await expect.poll(async () => {
      const jobs = await core.call('jobs.list', {});
      return jobs.ok && jobs.value.every((job) => job.state === 'done');
    }, { timeout: 60_000 }).toBe(true);
    await openScreen(page, '#/library');
    await shown(page, 2);
    await page.getByRole('button', { name: /Filters/ }).first().click();

    await page.getByLabel('Site', { exact: true }).fill('music.example');
    await shown(page, 1);
    expect(await page.getByTestId('library-item').first().textContent()).toContain('music');
    await page.getByLabel('Site', { exact: true }).fill('');
    await shown(page, 2);

    // The display name, as the tiles show it, not only the handle.
    await page.getByLabel('Author', { exact: true }).fill('Sandbox Creator');
    await shown(page, 2);
    await page.getByLabel('Author', { exact: true }).fill('Nobody Known');
    await shown(page, 0);
  });
});
