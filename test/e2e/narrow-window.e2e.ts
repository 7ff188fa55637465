import { describe, expect, it } from 'vitest';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

/** How far an element reaches past the right edge of the 800 px window (0 when it is inside). */
const overflow = (box: { x: number; width: number } | null): number => (box ? Math.max(0, box.x + box.width - 800) : Infinity);

describe('the smallest window (800 px) in German, the longest labels', () => {
  it('keeps the balance in the header and the ledger without a sideways scroll', async () => {
    const { page, core } = stack();
    expect((await core.call('grab.resolve', { url: 'https://video.example/watch/e2e-narrow' })).ok).toBe(true);
    expect((await core.call('settings.update', { language: 'de' })).ok).toBe(true);
    await page.setViewportSize({ width: 800, height: 700 });
    await openScreen(page, '#/balance');
    await page.getByTestId('ledger-row').first().waitFor();

    expect(overflow(await page.getByTestId('balance').boundingBox())).toBe(0);
    const table = page.getByTestId('ledger-table');
    const scroller = table.locator('xpath=..');
    expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await screenshotThemes(page, 'narrow-balance-de');
  });
});
