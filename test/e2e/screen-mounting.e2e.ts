import { describe, expect, it } from 'vitest';
import { useWebStack } from './web-stack';

const stack = useWebStack();

describe('screens', () => {
  it('mount on their first visit (Grab at start), then keep what they hold while hidden', async () => {
    const { page } = stack();
    const origin = new URL(page.url()).origin;
    await page.goto('about:blank');
    await page.goto(`${origin}/#/library`);
    await page.getByRole('searchbox', { name: 'Search the library' }).waitFor();
    // Grab listens for links sent from outside the window, so it is there from the start.
    expect(await page.locator('[data-screen="grab"] textarea').count()).toBe(1);
    // A screen not yet opened has rendered nothing but its heading.
    expect(await page.locator('[data-screen="settings"] > :not(h1)').count()).toBe(0);
    expect(await page.locator('[data-screen="queue"] > :not(h1)').count()).toBe(0);

    await page.goto(`${origin}/#/settings`);
    await page.getByTestId('sandbox-setting').waitFor();
    await page.goto(`${origin}/#/grab`);
    const box = page.getByLabel('Links to posts, profiles or playlists');
    await box.fill('half-typed');
    await page.goto(`${origin}/#/library`);
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('kept');
    await page.goto(`${origin}/#/settings`);
    await page.goto(`${origin}/#/grab`);
    expect(await box.inputValue()).toBe('half-typed');
    expect(await page.locator('[data-screen="settings"] [data-testid="sandbox-setting"]').count()).toBe(1);
    await page.goto(`${origin}/#/library`);
    expect(await page.getByRole('searchbox', { name: 'Search the library' }).inputValue()).toBe('kept');
  });
});
