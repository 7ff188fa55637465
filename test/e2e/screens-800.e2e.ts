import { describe, expect, it } from 'vitest';
import { grab, openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack({ throttleBytesPerSecond: 200_000 });

/*
 * Queue, Grab and Balance at the smallest window (800×600) in German (the longest labels)
 * and Chinese, in both themes: nothing reaches past the right edge.
 */
describe('the main screens at 800×600', () => {
  it.each(['de', 'zh'] as const)('fit in %s', async (language) => {
    const { page, core } = stack();
    for (const url of ['https://video.example/watch/e2e-800-a', 'https://photos.example/p/e2e-800-b']) {
      await core.call('jobs.add', { source: { kind: 'link', url }, options: {} });
    }
    await page.setViewportSize({ width: 800, height: 600 });
    await grab(page, `https://video.example/watch/e2e-800-preview-${language}`);
    await page.getByTestId('post-card').first().waitFor();
    expect((await core.call('settings.update', { language })).ok).toBe(true);
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
    await screenshotThemes(page, `grab-800-${language}`);
    for (const [hash, ready] of [
      ['#/queue', '[data-testid="job-row"]'],
      ['#/balance', '[data-testid="ledger-row"]'],
    ] as const) {
      await openScreen(page, hash);
      await page.locator(`[data-screen="${hash.slice(2)}"] ${ready}`).first().waitFor();
      await screenshotThemes(page, `${hash.slice(2)}-800-${language}`);
    }
    // The chart's labels are drawn at their real size, not scaled down with the chart (7 px at 800 px once).
    const labelHeights = await page.locator('[data-screen="balance"] .chart-axis').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
    expect(labelHeights.length).toBeGreaterThan(0);
    expect(Math.min(...labelHeights)).toBeGreaterThanOrEqual(10);
    for (const hash of ['#/grab', '#/queue', '#/balance']) {
      await openScreen(page, hash);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, hash).toBe(0);
    }
    expect((await core.call('settings.update', { language: 'en' })).ok).toBe(true);
  });
});
