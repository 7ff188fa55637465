import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { value } from '../core/engine/core-harness';
import { grab, openScreen, screenshot, useWebStack } from './web-stack';

const stack = useWebStack({ credits: 10_000 });

async function shoot(page: Page, name: string, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.getByTestId('rest-price').last().scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-${width}x${height}`);
}

describe('prices before paying, in the browser', () => {
  it('says what the next page and the rest of a profile cost once Trove has learned the price', async () => {
    const { page, core, sandbox } = stack();
    const res = await fetch(`${sandbox.url}/_sandbox/prices`, { method: 'POST', body: JSON.stringify({ endpoint: 'playlist', site: 'video.example', credits: 5 }) });
    expect(res.status).toBe(200);

    // Nothing learned yet. The page load asked the balance, so this lone page teaches the price,
    // and the card's hint follows the next balance answer (before it, it says "price not known yet").
    await grab(page, 'https://video.example/@e2e-first-300');
    await page.getByTestId('playlist-card').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="playlist-card"] [data-testid="price-hint"]')].at(-1)?.textContent === '≈ 5 credits', undefined, { timeout: 15_000 });
    expect(value(await core.call('credits.prices', {})).prices).toMatchObject([{ operation: 'playlist', site: 'video.example', credits: 5, exact: true }]);

    await grab(page, 'https://video.example/@e2e-priced-300');
    const card = page.getByTestId('playlist-card').filter({ hasText: 'Creator e2e-priced' });
    await card.waitFor();
    expect(await card.getByRole('button', { name: 'Load more' }).isVisible()).toBe(true);
    // Beside "Load more": the next page.
    expect(await card.getByTestId('price-hint').last().textContent()).toBe('≈ 5 credits');
    expect(await card.getByTestId('rest-price').textContent()).toBe('The other 280 posts: ≈ 14 pages, ≈ 70 credits');
    await shoot(page, 'priced-load-more', 1280, 800);
    await shoot(page, 'priced-load-more', 800, 600);
  });

  it('says what listing subtitles costs on the typed link\'s site before the user asks', async () => {
    const { page, core, sandbox } = stack();
    const res = await fetch(`${sandbox.url}/_sandbox/prices`, { method: 'POST', body: JSON.stringify({ endpoint: 'subtitles', site: 'video.example', credits: 4 }) });
    expect(res.status).toBe(200);
    await openScreen(page, '#/subtitles');
    const box = page.getByLabel('Video link');
    await box.fill('https://video.example/watch/e2e-subs-priced');
    expect(await page.getByTestId('listing-price').textContent()).toBe('Listing its subtitles: price not known yet');
    value(await core.call('subtitles.list', { url: 'https://video.example/watch/e2e-subs-learn' }));
    await page.waitForFunction(() => document.querySelector('[data-testid="listing-price"]')?.textContent === 'Listing its subtitles: ≈ 4 credits', undefined, { timeout: 15_000 });
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'priced-subtitles-800x600');
  });

  it('asks before a charged action above the threshold set in Settings, and a cancel spends nothing', async () => {
    const { page, core } = stack();
    value(await core.call('settings.update', { confirmAboveCredits: 3 }));
    await grab(page, 'https://video.example/@e2e-ask-60');
    const card = page.getByTestId('playlist-card').filter({ hasText: 'Creator e2e-ask' });
    await card.waitFor();
    const calls = async () => value(await core.call('credits.ledger', { days: 1 })).entries.length;
    const before = await calls();
    await card.getByRole('button', { name: 'Load more' }).click();
    const ask = card.getByTestId('confirm-charge');
    await ask.waitFor();
    expect(await ask.textContent()).toContain('This costs ≈ 5 credits, more than the 3 credits you set in Settings.');
    await page.setViewportSize({ width: 800, height: 600 });
    await ask.scrollIntoViewIfNeeded();
    await screenshot(page, 'priced-confirm-800x600');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await calls()).toBe(before);
    await card.getByRole('button', { name: 'Load more' }).click();
    await card.getByRole('button', { name: 'Yes, spend ≈ 5 credits' }).click();
    await page.waitForFunction(() => /40 of 60 posts loaded/.test(document.body.textContent ?? ''));
    expect(await calls()).toBe(before + 1);
  });
});
