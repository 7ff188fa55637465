import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

/** Sets the sandbox balance and asks for it with the header's refresh button (the free credit query). */
async function balanceBecomes(page: Page, credits: number, shown: string): Promise<void> {
  stack().sandbox.setBalance('sandbox-key', credits);
  await page.locator('.app-header').getByRole('button', { name: 'Check balance (free)' }).click();
  await page.waitForFunction((text) => document.querySelector('[data-testid="balance"]')?.textContent === text, shown);
}

const banners = (page: Page) => page.getByTestId('balance-alert');

describe('balance', () => {
  it('shows spending per day and every charged call, and exports them as CSV', async () => {
    const { page, core } = stack();
    const resolved = await core.call('grab.resolve', { url: 'https://video.example/watch/e2e-balance' });
    expect(resolved.ok).toBe(true);
    await openScreen(page, '#/balance');
    await page.getByTestId('ledger-row').first().waitFor();
    // The call as people think of it; a preview never downloaded has no title in the ledger, so its link stands in.
    expect(await page.getByTestId('ledger-row').first().textContent()).toContain('Preview · video.example · video.example/watch/e2e-balance');
    expect(await page.locator('[data-testid="spend-chart"] rect').count()).toBe(30);
    await screenshotThemes(page, 'balance');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^trove-credits-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('https://video.example/watch/e2e-balance');
    expect(csv.split('\n').length).toBeGreaterThanOrEqual(2);
  });

  it('raises a banner when the balance falls below a threshold, once per crossing', async () => {
    const { page } = stack();
    await balanceBecomes(page, 11_500, '11,500 credits');
    expect(await banners(page).count()).toBe(0);

    await balanceBecomes(page, 1_500, '1,500 credits');
    await banners(page).first().waitFor();
    expect(await banners(page).count()).toBe(1);
    expect(await banners(page).textContent()).toContain('1,500 credits left (below 2,000)');
    await screenshotThemes(page, 'balance-alert');

    // Still below 2,000: no second alert for the same crossing, even once the first is dismissed.
    await banners(page).getByRole('button', { name: 'Dismiss' }).click();
    await balanceBecomes(page, 1_400, '1,400 credits');
    await balanceBecomes(page, 1_300, '1,300 credits');
    expect(await banners(page).count()).toBe(0);

    // The next threshold is a new crossing.
    await balanceBecomes(page, 250, '250 credits');
    await banners(page).first().waitFor();
    expect(await banners(page).textContent()).toContain('below 300');
  });

  it('explains an empty balance: the queue waits for a top-up and resumes by itself', async () => {
    const { page, core } = stack();
    await balanceBecomes(page, 0, '0 credits');
    await page.getByText('Out of credits.').waitFor();
    const added = await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/e2e-empty' }, options: {} });
    expect(added.ok).toBe(true);
    await openScreen(page, '#/balance');
    const state = page.getByTestId('out-of-credits');
    await page.waitForFunction(() => /1 download needs an extraction/.test(document.querySelector('[data-testid="out-of-credits"]')?.textContent ?? ''));
    expect(await state.textContent()).toContain('resumes them by itself');
    await screenshotThemes(page, 'balance-out-of-credits');
  });
});
