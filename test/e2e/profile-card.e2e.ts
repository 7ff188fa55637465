import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createCore } from '../../src/core';
import { value } from '../core/engine/core-harness';
import { grab, screenshot, useWebStack } from './web-stack';

// Five posts a page keeps the runs below small (their posts download for real).
const stack = useWebStack({ pageSize: 5, credits: 10_000 });

const pageCharges = (): number => stack().sandbox.stats().charges.filter((charge) => charge.endpoint.includes('playlist')).length;

async function cardOf(page: Page, handle: string) {
  await grab(page, `https://video.example/@${handle}`);
  // The sandbox names the creator of @<name>-<N> "Creator <name>".
  const card = page.getByTestId('playlist-card').filter({ hasText: `Creator ${handle.replace(/-\d+$/, '')}` });
  await card.waitFor();
  return card;
}

async function shoot(page: Page, card: Locator, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The card's header and its run: what a user sees first of a profile.
    await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshot(page, `${name}-${width}x${height}`);
  }
}

describe('the profile card', () => {
  it('Select all, then Load more: the new page comes in selected, and a post unticked stays unticked', async () => {
    const { page } = stack();
    const card = await cardOf(page, 'e2e-selall-12');
    await card.getByRole('button', { name: 'Select all' }).click();
    expect(await card.getByTestId('selected-count').textContent()).toBe('All 5 selected, and pages you load next');
    await card.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="post-tile"]').length === 10);
    expect(await card.getByTestId('selected-count').textContent()).toBe('All 10 selected, and pages you load next');
    expect(await card.getByRole('button', { name: 'Download selected (10)' }).isEnabled()).toBe(true);

    await card.getByTestId('post-tile').nth(2).getByRole('checkbox').uncheck();
    expect(await card.getByTestId('selected-count').textContent()).toBe('9 selected');
    await card.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="post-tile"]').length === 12);
    expect(await card.getByTestId('selected-count').textContent()).toBe('11 selected');
    expect(await card.getByTestId('post-tile').nth(2).getByRole('checkbox').isChecked()).toBe(false);

    await card.getByRole('button', { name: 'Select none' }).click();
    expect(await card.getByTestId('selected-count').textContent()).toBe('0 selected');
  });

  it('prices "Download whole profile" and "Sync new posts" before paying, in English and German', async () => {
    const { page, core, sandbox } = stack();
    const res = await fetch(`${sandbox.url}/_sandbox/prices`, { method: 'POST', body: JSON.stringify({ endpoint: 'playlist', site: 'video.example', credits: 5 }) });
    expect(res.status).toBe(200);
    // A first page teaches the price (a free balance read after it).
    const learn = await cardOf(page, 'e2e-learn-10');
    await expect.poll(() => learn.getByTestId('profile-run').getByTestId('price-hint').last().textContent(), { timeout: 15_000 }).toBe('≈ 1 page, ≈ 5 credits');

    const card = await cardOf(page, 'e2e-priced-75');
    const run = card.getByTestId('profile-run');
    const hints = run.getByTestId('price-hint');
    // The card reads the learned prices when it opens and again when they change.
    await expect.poll(() => hints.nth(0).textContent(), { timeout: 15_000 }).toBe('≈ 15 pages, ≈ 75 credits');
    expect(await hints.nth(1).textContent()).toBe('≈ 1 page, ≈ 5 credits');
    // The cap starts at the whole profile's price.
    expect(await run.getByTestId('cost-cap').inputValue()).toBe('75');
    await shoot(page, card, 'profile-card-en');

    value(await core.call('settings.update', { language: 'de' }));
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    expect(await run.getByTestId('whole-profile').textContent()).toBe('Ganzes Profil herunterladen');
    expect(await hints.nth(0).textContent()).toBe('≈ 15 Seiten, ≈ 75 Credits');
    await shoot(page, card, 'profile-card-de');
    value(await core.call('settings.update', { language: 'en' }));
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  });

  it('a capped whole-profile run stops before the page that would pass the cap, and says so in the queue', async () => {
    const { page } = stack();
    const card = await cardOf(page, 'e2e-capped-12');
    const before = pageCharges();
    const run = card.getByTestId('profile-run');
    // Page 1 is the preview's (free); page 2 costs 5; page 3 would make it 10.
    await run.getByTestId('cost-cap').fill('5');
    await run.getByTestId('whole-profile').click();
    expect(await run.getByTestId('run-added').textContent()).toContain('stops before passing 5 credits');

    await page.goto(`${stack().server.origin}/#/queue`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="job-row"][data-state="done"]').length === 10, undefined, { timeout: 120_000 });
    const stopped = page.locator('[data-testid="job-row"][data-state="failed"]');
    await stopped.waitFor();
    expect(await stopped.textContent()).toContain('Stopped before the next page would pass the cost cap you set.');
    expect(pageCharges() - before).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'profile-cap-stopped-queue-1280x800');
  });

  it('a profile seen before opens from the library free; "Check for new posts" costs one page and says how many are new', async () => {
    const { page, core, sandbox, dataDir, downloadDir } = stack();
    const url = 'https://video.example/@e2e-known-12';
    // The last visit, by another Trove on this data folder (its answers are its own): the
    // first page previewed, and its third post downloaded (through this Trove's queue).
    const other = await createCore({
      dataDir,
      env: { ...process.env, TROVE_API_KEY: 'sandbox-key' },
      settings: { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: downloadDir, onboarded: true },
    });
    try {
      const earlier = value(await other.call('grab.resolve', { url }));
      if (earlier.kind !== 'playlist') throw new Error('expected a page');
      value(await other.call('jobs.add', { source: { kind: 'posts', picks: [{ resolutionId: earlier.resolutionId, postIndex: 2 }] } }));
    } finally {
      await other.close();
    }
    for (let i = 0; i < 400 && value(await core.call('library.search', { author: 'e2e-known' })).total < 1; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const before = pageCharges();

    await grab(page, url);
    const known = page.getByTestId('known-profile-card');
    await known.waitFor();
    expect(await known.getByTestId('seen-before').textContent()).toContain('shown from your library, no charge');
    expect(await known.getByTestId('library-posts').textContent()).toContain('In your library: 1 post');
    expect(await known.getByTestId('library-posts').textContent()).toContain('Sample video e2e-known-3');
    expect(pageCharges()).toBe(before);
    await shoot(page, known, 'profile-known-en');

    await known.getByTestId('check-new').click();
    const card = page.getByTestId('playlist-card').filter({ hasText: 'Creator e2e-known' });
    await card.waitFor();
    expect(await card.getByTestId('new-since').textContent()).toBe('2 new posts since your last visit');
    expect(pageCharges()).toBe(before + 1);
    await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'profile-new-since-en-800x600');
  });
});
