import { describe, expect, it } from 'vitest';
import { value } from '../core/engine/core-harness';
import { screenshot, useWebStack } from './web-stack';

const stack = useWebStack();

/*
 * The preview itself is priced before paying: typed links say what previewing them costs at
 * the learned post price of their site, or that it is not known yet, never a guess.
 */
describe('the price of a preview, before pressing Preview', () => {
  it('is unknown until a post price is learned on that site, then "≈ 1 credit" per link', async () => {
    const { page, core } = stack();
    await page.goto(`${new URL(page.url()).origin}/#/grab`);
    const box = page.getByLabel('Links to posts, profiles or playlists');
    const price = page.getByTestId('preview-price');
    expect(await price.count()).toBe(0);
    await box.fill('https://video.example/watch/e2e-priced-preview');
    expect(await price.textContent()).toBe('Previewing it: price not known yet');

    // One post extracted on that site (1 credit in the sandbox) teaches its price.
    value(await core.call('grab.resolve', { url: 'https://video.example/watch/e2e-teach' }));
    await page.waitForFunction(() => document.querySelector('[data-testid="preview-price"]')?.textContent === 'Previewing it: ≈ 1 credit', undefined, { timeout: 15_000 });
    expect(value(await core.call('credits.prices', {})).prices).toMatchObject([{ operation: 'post', site: 'video.example', credits: 1, exact: true }]);
    await screenshot(page, 'priced-preview');

    await box.fill('https://video.example/watch/a\nhttps://video.example/watch/b');
    expect(await price.textContent()).toBe('Previewing these 2 links: ≈ 2 credits');
    // One link on a site whose price is not known makes the whole preview's price unknown.
    await box.fill('https://video.example/watch/a\nhttps://photos.example/p/b');
    expect(await price.textContent()).toBe('Previewing these 2 links: price not known yet');
    expect(await price.getAttribute('title')).toContain('known only from the answer');
  });
});
