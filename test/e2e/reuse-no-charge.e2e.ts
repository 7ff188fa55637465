import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openScreen, screenshot, useWebStack } from './web-stack';

const stack = useWebStack();
const VIDEO = 'https://video.example/watch/e2e-reuse';

/** The smallest window Trove supports and a common laptop one. */
const SIZES = [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
] as const;

async function screenshotSizes(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByTestId('reused-notice').first().scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${size.width}x${size.height}`);
  }
}

/** The labels of the link boxes, in the language the UI is in. */
const LABELS = {
  en: { grab: 'Links to posts, profiles or playlists', subtitles: 'Video link' },
  de: { grab: 'Links zu Beiträgen, Profilen oder Playlists', subtitles: 'Link zum Video' },
} as const;

/** Pastes the link on a fresh Grab screen, so its card is the only one. */
async function preview(page: Page, language: keyof typeof LABELS): Promise<void> {
  await openScreen(page, '#/grab');
  await page.reload();
  const box = page.getByLabel(LABELS[language].grab);
  await box.fill(VIDEO);
  await box.press('Enter');
  await page.getByTestId('post-card').waitFor();
}

async function listSubtitles(page: Page, language: keyof typeof LABELS): Promise<void> {
  await openScreen(page, '#/subtitles');
  await page.reload();
  const box = page.getByLabel(LABELS[language].subtitles);
  await box.fill(VIDEO);
  await box.press('Enter');
  await page.getByTestId('track-list').waitFor();
}

describe('an answer already paid for is shown again free', () => {
  it('marks a second preview and a second subtitle listing as free, and "check again" charges once', async () => {
    const { page, sandbox, core } = stack();
    const charges = () => sandbox.stats().charges.length;
    const before = charges();

    await preview(page, 'en');
    expect(charges()).toBe(before + 1);
    expect(await page.getByTestId('reused-notice').count()).toBe(0);

    await preview(page, 'en');
    const card = page.getByTestId('post-card');
    await card.getByTestId('reused-notice').waitFor();
    expect(await card.getByTestId('reused-notice').textContent()).toMatch(/Shown again from .+ — no charge/);
    expect(charges()).toBe(before + 1);
    await screenshotSizes(page, 'reuse-grab-en');

    await card.getByRole('button', { name: 'Check again (charged)' }).click();
    await page.getByText('This preview was a charged call.').waitFor();
    expect(await page.getByTestId('reused-notice').count()).toBe(0);
    expect(charges()).toBe(before + 2);

    await listSubtitles(page, 'en');
    expect(charges()).toBe(before + 3);
    await listSubtitles(page, 'en');
    await page.getByTestId('reused-notice').waitFor();
    expect(charges()).toBe(before + 3);
    await screenshotSizes(page, 'reuse-subtitles-en');
    await page.getByRole('button', { name: 'Check again (charged)' }).click();
    await page.getByText('This list was a charged call.').waitFor();
    expect(charges()).toBe(before + 4);

    expect((await core.call('settings.update', { language: 'de' })).ok).toBe(true);
    await preview(page, 'de');
    await page.getByTestId('reused-notice').waitFor();
    expect(await page.getByTestId('reused-notice').textContent()).toMatch(/Von .+ erneut angezeigt – ohne Kosten/);
    expect(await page.getByRole('button', { name: 'Erneut prüfen (kostenpflichtig)' }).count()).toBe(1);
    await screenshotSizes(page, 'reuse-grab-de');
    await listSubtitles(page, 'de');
    await page.getByTestId('reused-notice').waitFor();
    await screenshotSizes(page, 'reuse-subtitles-de');
    expect(charges()).toBe(before + 4);
  });
});
