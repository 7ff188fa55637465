import { describe, expect, it } from 'vitest';
import { grab, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

describe('grab a profile', () => {
  it('loads two pages, downloads five selected posts, and all five finish', async () => {
    const { page, sandbox, core } = stack();
    await grab(page, 'https://video.example/@e2e-profile');
    const card = page.getByTestId('playlist-card');
    await card.waitFor();
    expect(await card.getByRole('heading').first().textContent()).toBeTruthy();
    expect(await card.getByTestId('profile-facts').textContent()).toContain('45');
    expect(await card.getByTestId('post-tile').count()).toBe(20);

    await card.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="post-tile"]').length === 40);
    expect(await card.getByTestId('playlist-loaded').textContent()).toContain('40 of 45');
    const pageCharges = sandbox.stats().charges.filter((charge) => charge.endpoint.includes('playlist'));
    expect(pageCharges).toHaveLength(2);

    // Three from the first page, two from the second.
    const tiles = card.getByTestId('post-tile');
    for (const index of [0, 1, 2, 25, 30]) await tiles.nth(index).getByRole('checkbox').check();
    await screenshotThemes(page, 'grab-profile-selected');
    await card.getByRole('button', { name: 'Download selected (5)' }).click();
    await card.getByTestId('added-notice').waitFor();

    await page.goto(`${stack().server.origin}/#/queue`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="job-row"][data-state="done"]').length === 5, undefined, {
      timeout: 120_000,
    });
    await screenshotThemes(page, 'grab-profile-done');
    const jobs = await core.call('jobs.list', {});
    expect(jobs.ok && jobs.value.filter((job) => job.state === 'done')).toHaveLength(5);

    await page.getByRole('button', { name: 'Clear finished' }).click();
    await page.getByText('Nothing here yet.').waitFor();
    const cleared = await core.call('jobs.list', {});
    expect(cleared.ok && cleared.value).toEqual([]);
  });
});
