import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { value } from '../core/engine/core-harness';
import { openScreen, screenshot, useWebStack } from './web-stack';

const stack = useWebStack({ credits: 10_000 });

/** Prices the way a test in another process sets them: the sandbox's admin API. */
async function setPrice(endpoint: 'post' | 'playlist' | 'subtitles', site: string, credits: number): Promise<void> {
  const res = await fetch(`${stack().sandbox.url}/_sandbox/prices`, { method: 'POST', body: JSON.stringify({ endpoint, site, credits }) });
  expect(res.status).toBe(200);
}

async function allPriced(): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const ledger = value(await stack().core.call('credits.ledger', { days: 1 }));
    if (ledger.entries.every((entry) => entry.costKind !== 'unknown')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the ledger rows were not priced');
}

async function shoot(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await screenshot(page, `ledger-costs-${width}x${height}`);
}

describe('the ledger in the browser', () => {
  it('reads as people think, with exact, approximate and unknown costs, and charts credits per day with a total', async () => {
    const { page, core } = stack();
    await setPrice('post', 'video.example', 3);
    await setPrice('playlist', 'video.example', 7);
    await setPrice('subtitles', 'video.example', 4);
    value(await core.call('credits.get', { refresh: true }));
    // Lone calls: exact.
    value(await core.call('grab.resolve', { url: 'https://video.example/@e2e-ledger-12' }));
    await allPriced();
    value(await core.call('grab.resolve', { url: 'https://video.example/watch/e2e-lone' }));
    await allPriced();
    // Two unknown kinds at once: approximate, within bounds.
    await Promise.all([
      core.call('subtitles.list', { url: 'https://video.example/watch/e2e-subs-1' }),
      core.call('subtitles.list', { url: 'https://video.example/watch/e2e-subs-2' }),
      core.call('grab.resolve', { url: 'https://music.example/t/e2e-song-1' }),
      core.call('grab.resolve', { url: 'https://music.example/t/e2e-song-2' }),
    ]);
    await allPriced();
    // A download: its row carries the post's title.
    value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/e2e-download' }, options: {} }));
    await core.idle();
    await allPriced();
    // Credits spent elsewhere with the same key while a call was made: Trove cannot tell its price, and says so.
    const key = stack().sandbox.keys[0] as string;
    value(await core.call('grab.resolve', { url: 'https://video.example/watch/e2e-elsewhere' }));
    stack().sandbox.setBalance(key, stack().sandbox.getBalance(key) - 10);
    for (let tries = 0; tries < 100 && value(await core.call('credits.get', {})).availableCredits !== stack().sandbox.getBalance(key); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    await openScreen(page, '#/balance');
    await page.getByTestId('ledger-row').first().waitFor();
    const rows = await page.getByTestId('ledger-row').allTextContents();
    expect(rows[0]).toMatch(/Preview · video\.example · video\.example\/watch\/e2e-elsewhere.*unknown/);
    expect(rows[1]).toMatch(/Download · video\.example · Sample video e2e-download/);
    expect(rows.some((text) => /Profile page · video\.example · .*7/.test(text))).toBe(true);
    expect(rows.some((text) => /Subtitles · video\.example · .*≈/.test(text))).toBe(true);
    expect(rows.some((text) => /Preview · video\.example · video\.example\/watch\/e2e-lone3/.test(text))).toBe(true);
    expect(await page.locator('[data-cost="approximate"]').count()).toBe(4);
    // "Balance after" only where true: the lone calls, the download, and the last of the four made together.
    const afters = await page.locator('[data-testid="ledger-row"] td:last-child').allTextContents();
    expect(afters.filter((text) => text !== '')).toHaveLength(4);
    const total = await page.getByTestId('spend-total').textContent();
    expect(total).toMatch(/^Total: ≈ \d+(\.\d)? credits in 30 days · 1 call of unknown cost$/);
    expect(await page.getByTestId('spend-chart').textContent()).toContain('Credits');
    expect(await page.getByTestId('spend-chart').textContent()).toContain('Day (UTC)');
    await page.getByTestId('spend-chart').scrollIntoViewIfNeeded();
    await shoot(page, 1280, 800);
    await shoot(page, 800, 600);
  });
});
