import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grab, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

describe('grab a photo post', () => {
  it('downloads only the images left checked, as one job', async () => {
    const { page, core } = stack();
    await grab(page, 'https://photos.example/p/e2e-pick');
    const card = page.getByTestId('post-card');
    await card.waitFor();
    const picks = card.getByTestId('image-pick');
    expect(await picks.count()).toBe(3);
    expect(await picks.locator('input[type=checkbox]').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked))).toEqual([true, true, true]);
    await card.getByRole('checkbox', { name: 'Download image 2' }).uncheck();
    await screenshotThemes(page, 'grab-photos-picked');

    await card.getByRole('button', { name: 'Download' }).click();
    await card.getByTestId('added-notice').waitFor();
    await page.getByRole('link', { name: 'Open the queue' }).click();
    await page.locator('[data-testid="job-row"][data-state="done"]').waitFor({ timeout: 60_000 });

    const jobs = await core.call('jobs.list', {});
    if (!jobs.ok) throw new Error(jobs.error.message);
    expect(jobs.value).toHaveLength(1);
    expect(jobs.value[0]?.files.map((file) => basename(file))).toEqual([expect.stringMatching(/-1\]\.\w+$/u), expect.stringMatching(/-3\]\.\w+$/u)]);
  });

  it('offers no Download when every image is unchecked', async () => {
    const { page } = stack();
    await page.reload();
    await grab(page, 'https://photos.example/p/e2e-none');
    const card = page.getByTestId('post-card');
    await card.waitFor();
    for (const box of await card.getByTestId('image-pick').locator('input[type=checkbox]').all()) await box.uncheck();
    expect(await card.getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);
  });
});
