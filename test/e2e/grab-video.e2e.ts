import { describe, expect, it } from 'vitest';
import { screenshotThemes, useWebStack, streamTypes, grab } from './web-stack';

const stack = useWebStack();

describe('grab a video', () => {
  it('previews a link, downloads the 1080p variant, and the merged file has video and audio', async () => {
    const { page, core } = stack();
    await grab(page, 'https://video.example/watch/e2e-video');
    const card = page.getByTestId('post-card');
    await card.waitFor();
    // The preview card: the three variants, 720 recommended and preselected, 1080 picked.
    expect(await card.getByTestId('variant-picker').locator('.choice').count()).toBe(3);
    expect(await card.locator('input[type=radio][value="720"]').isChecked()).toBe(true);
    expect(await card.getByTestId('post-facts').textContent()).toMatch(/views/);
    await card.locator('label.choice[data-quality="1080"]').click();
    expect(await card.locator('input[type=radio][value="1080"]').isChecked()).toBe(true);
    await screenshotThemes(page, 'grab-video-preview');

    await card.getByRole('button', { name: 'Download' }).click();
    await card.getByTestId('added-notice').waitFor();
    await page.getByRole('link', { name: 'Open the queue' }).click();
    await page.locator('[data-testid="job-row"][data-state="done"]').waitFor({ timeout: 90_000 });
    await screenshotThemes(page, 'grab-video-done');

    const jobs = await core.call('jobs.list', {});
    expect(jobs.ok).toBe(true);
    const done = jobs.ok ? jobs.value.filter((job) => job.state === 'done') : [];
    expect(done).toHaveLength(1);
    const merged = done[0]?.files.find((file) => /\.(mp4|mkv|webm)$/.test(file));
    expect(merged, JSON.stringify(done[0]?.files)).toBeDefined();
    expect((await streamTypes(merged!)).sort()).toEqual(['audio', 'video']);
  });

  it('marks the same link as already in the library before anything is charged', async () => {
    const { page, sandbox } = stack();
    const chargesBefore = sandbox.stats().charges.length;
    await grab(page, 'https://video.example/watch/e2e-video');
    await page.getByTestId('duplicate-card').first().waitFor();
    expect(sandbox.stats().charges.length).toBe(chargesBefore);
    await screenshotThemes(page, 'grab-video-duplicate');
  });
});

describe('other kinds of posts', () => {
  it('labels quality 9999 as Original, and captions a photo post by its text', async () => {
    const { page } = stack();
    await page.reload();
    // One link at a time: each keeps its full card (several at once make a list, grab-list.e2e.ts).
    await grab(page, 'https://ai.example/s/e2e-ai');
    await grab(page, 'https://photos.example/p/e2e-photos');
    const cards = page.getByTestId('post-card');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="post-card"]').length === 2);
    const ai = cards.filter({ has: page.getByTestId('variant-picker') });
    expect(await ai.getByTestId('variant-picker').textContent()).toContain('Original');
    const photos = cards.filter({ hasNot: page.getByTestId('variant-picker') });
    expect(await photos.getByTestId('media-item').count()).toBe(3);
    expect(await photos.getByRole('heading').textContent()).not.toBe('Untitled post');
    expect(await photos.getByTestId('media-item').first().textContent()).toContain('Image 1');
    await screenshotThemes(page, 'grab-kinds');
  });
});
