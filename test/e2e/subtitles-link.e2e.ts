import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

describe('subtitles of a video link', () => {
  it('lists the languages of the link, shows the cues of one and saves it', async () => {
    const { page, downloadDir } = stack();
    await openScreen(page, '#/subtitles');
    const box = page.getByLabel('Video link');
    await box.fill('https://video.example/watch/e2e-subs');
    await box.press('Enter');
    await page.getByTestId('track-list').waitFor();
    // The link's slashes survive the trip through the address bar.
    expect(await box.inputValue()).toBe('https://video.example/watch/e2e-subs');
    expect(await page.locator('.subtitles-title').textContent()).toBe('Sample video e2e-subs');
    expect(await page.getByTestId('track').count()).toBeGreaterThanOrEqual(3);

    await page.getByTestId('track').filter({ hasText: 'es-ES' }).getByRole('button', { name: 'View' }).click();
    await page.getByTestId('cue').first().waitFor();
    await screenshotThemes(page, 'subtitles-link');

    const save = page.getByTestId('save-subtitles');
    await save.getByRole('checkbox', { name: /es-ES/ }).check();
    await save.getByRole('button', { name: 'Save subtitles' }).click();
    await page.getByTestId('saved-subtitles').waitFor();
    expect((await readdir(downloadDir, { recursive: true })).some((name) => name.endsWith('.srt'))).toBe(true);
  });
});
