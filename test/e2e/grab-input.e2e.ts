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
