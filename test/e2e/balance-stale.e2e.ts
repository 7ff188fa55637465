import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closedPort } from '../closed-port';
import { value } from '../core/engine/core-harness';
import { grab, screenshot, useWebStack } from './web-stack';

const stack = useWebStack({ credits: 9_999 });

const headerBalance = (page: Page) => page.locator('.app-header').getByTestId('balance');
const waitForText = (page: Page, selector: string, text: string) =>
  page.waitForFunction(([css, expected]) => document.querySelector(css!)?.textContent === expected, [selector, text] as const);

/** The Balance screen at one window size, named by language and size. */
async function shoot(page: Page, language: string, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await screenshot(page, `balance-stale-${language}-${width}x${height}`);
}

describe('one balance in the browser', () => {
  it('a 402 on a card updates the header and the card; a failed check shows the old number as old', async () => {
    const { page, sandbox, core } = stack();
    await page.locator('.app-header').getByRole('button', { name: 'Check balance (free)' }).click();
    await waitForText(page, '.app-header [data-testid="balance"]', '9,999 credits');

    // Spent elsewhere: Trove still shows 9,999 until the service refuses a 5-credit profile page.
    sandbox.setBalance('sandbox-key', 3);
    await grab(page, 'https://video.example/@e2e-broke-5');
    const card = page.getByTestId('error-card');
    await card.waitFor();
    expect(await card.getByTestId('error-code').textContent()).toContain('out_of_credits');
    await waitForText(page, '.app-header [data-testid="balance"]', '3 credits');
    expect(await card.getByTestId('balance-line').textContent()).toMatch(/^Your balance: 3 credits · Checked \d{1,2}:\d{2}( [AP]M)?$/);
    expect(await card.textContent()).not.toContain('empty');
    // The threshold fired from the true number: 9,999 → 3 is "below 100", in the banner too.
    expect(await page.getByTestId('balance-alert').textContent()).toMatch(/3 credits left \(below 100\)\. Checked \d{1,2}:\d{2}/);
    await screenshot(page, 'grab-out-of-credits-true-balance');

    // The service goes away: the next check fails, and the 3 stays in sight, marked old.
    value(await core.call('settings.update', { serviceUrl: `http://127.0.0.1:${await closedPort()}` }));
    // To the Balance screen the way a user goes: the header's balance is its link.
    await page.locator('.app-header .balance-link').click();
    await page.getByTestId('balance-figure').waitFor();
    await page.getByRole('button', { name: 'Check balance (free)' }).last().click();
    const stale = page.locator('.app-header').getByTestId('balance-header-stale');
    await stale.waitFor({ timeout: 30_000 });
    expect(await headerBalance(page).textContent()).toBe('3 credits');
    expect(await headerBalance(page).getAttribute('data-stale')).toBe('true');
    expect(await stale.textContent()).toMatch(/^As of \d{1,2}:\d{2}( [AP]M)? · couldn't reach the service$/);
    const screenLine = page.locator('.balance-hero').getByTestId('balance-checked');
    expect(await screenLine.textContent()).toBe(await stale.textContent());
    expect(await screenLine.getAttribute('data-stale')).toBe('true');
    expect(await page.getByTestId('balance-figure').textContent()).toContain('3');
    await shoot(page, 'en', 800, 600);
    await shoot(page, 'en', 1280, 800);

    value(await core.call('settings.update', { language: 'de' }));
    await page.waitForFunction(() => document.querySelector('.app-header [data-testid="balance-header-stale"]')?.textContent?.startsWith('Stand '));
    expect(await stale.textContent()).toMatch(/^Stand \d{1,2}:\d{2} · Dienst nicht erreichbar$/);
    await shoot(page, 'de', 800, 600);
    await shoot(page, 'de', 1280, 800);
  });
});
