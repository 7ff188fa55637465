import { describe, expect, it } from 'vitest';
import { openScreen, useWebStack } from './web-stack';

const stack = useWebStack();

describe('the link box', () => {
  it('completes a link typed without https:// and says which text was no link, keeping it in the box', async () => {
    const { page } = stack();
    await openScreen(page, '#/grab');
    const box = page.getByLabel('Links to posts, profiles or playlists');
    await box.fill('video.example/watch/e2e-bare see this');
    await box.press('Enter');
    await page.getByTestId('post-card').first().waitFor();
    await page.getByText('Not a link, left in the box: see this').waitFor();
    expect(await box.inputValue()).toBe('see this');
  });
});

describe('quality cards', () => {
  it('show keyboard focus as an outline that differs from the selected look', async () => {
    const { page } = stack();
    await openScreen(page, '#/grab');
    const box = page.getByLabel('Links to posts, profiles or playlists');
    await box.fill('https://video.example/watch/e2e-focus-ring');
    await box.press('Enter');
    const picker = page.getByTestId('variant-picker').first();
    await picker.waitFor();
    const checked = picker.locator('input:checked');
    await checked.focus();
    await page.keyboard.press('ArrowRight'); // keyboard focus moves (and selects), so :focus-visible applies
    const focused = picker.locator('label.choice:has(input:focus-visible)');
    await focused.waitFor();
    const cards = await picker.locator('label.choice').evaluateAll((labels) =>
      labels.map((label) => ({ outline: getComputedStyle(label).outlineStyle, focus: label.matches(':has(input:focus-visible)') })),
    );
    expect(cards.filter((entry) => entry.focus).map((entry) => entry.outline)).toEqual(['dashed']);
    expect(cards.filter((entry) => !entry.focus).every((entry) => entry.outline !== 'dashed')).toBe(true);
  });
});
