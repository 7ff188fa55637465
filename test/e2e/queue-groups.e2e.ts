import { describe, expect, it } from 'vitest';
import { openScreen, screenshot, screenshotThemes, useWebStack } from './web-stack';

/*
 * A profile's posts are one group in the queue: its row, then one line with how its posts
 * are doing, and the posts under it, which fold away and come back from the keyboard. The
 * sandbox sends media slowly, so most posts wait, each with its picture already.
 */
const stack = useWebStack({ throttleBytesPerSecond: 30_000 });

describe('queue groups', () => {
  it("show a profile's posts as one foldable group, and waiting posts with their pictures", async () => {
    const { page, core } = stack();
    // one download at a time: the other five wait
    expect((await core.call('settings.update', { concurrency: 1 })).ok).toBe(true);
    const added = await core.call('jobs.add', { source: { kind: 'playlist', url: 'https://video.example/@e2e-groups', limit: 6 }, options: {} });
    expect(added.ok).toBe(true);
    const profileId = added.ok ? (added.value.jobIds[0] ?? 0) : 0;
    await openScreen(page, '#/queue');

    const group = page.locator(`[data-testid="job-group"][data-job-id="${profileId}"]`);
    const children = page.locator('.queue-item.is-child [data-testid="job-row"]');
    await page.waitForFunction(() => document.querySelectorAll('.queue-item.is-child [data-testid="job-row"]').length === 6, undefined, { timeout: 60_000 });
    expect(await group.getByTestId('job-group-summary').textContent()).toMatch(/^\d of 6 done/);

    // Waiting posts show the picture the profile page gave, before their download starts.
    const waiting = page.locator('.queue-item.is-child [data-testid="job-row"][data-state="queued"]');
    const states = await children.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-state')));
    expect(states.filter((state) => state === 'queued').length, states.join()).toBeGreaterThanOrEqual(4);
    await expect
      .poll(() =>
        waiting.locator('img.thumb').evaluateAll((images) => images.length > 0 && images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    // Each waiting row's picture, read in one pass: a post may start between two separate reads.
    const pictures = await waiting.evaluateAll((rows) => rows.map((row) => row.querySelector<HTMLImageElement>('img.thumb')?.src ?? ''));
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every((src) => src.startsWith('http')), pictures.join()).toBe(true);
    await screenshotThemes(page, 'queue-group-open');

    // Folded from the keyboard: the header stays with the count of all six, the posts go.
    const toggle = group.getByRole('button', { name: 'Hide 6 posts' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await group.getByRole('button', { name: 'Show 6 posts' }).waitFor();
    expect(await group.getByRole('button', { name: 'Show 6 posts' }).getAttribute('aria-expanded')).toBe('false');
    expect(await children.count()).toBe(0);
    expect(await group.getByTestId('job-group-summary').textContent()).toMatch(/of 6 done/);
    await screenshotThemes(page, 'queue-group-folded');

    // The profile's own row shows its avatar, kept in the thumbnail cache (the service's links expire).
    const avatar = group.locator('img.job-avatar');
    await expect.poll(() => avatar.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).toBe(true);
    expect(await avatar.getAttribute('src')).toContain('/media/');

    // Folded stays folded across a reload, and the next start of the window.
    await page.reload();
    await group.getByRole('button', { name: 'Show 6 posts' }).waitFor();
    expect(await children.count()).toBe(0);
    for (const [width, height] of [
      [800, 600],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `queue-group-folded-reloaded-${width}`);
    }
    expect((await core.call('settings.update', { language: 'de' })).ok).toBe(true);
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'queue-group-folded-reloaded-800-de');
    expect((await core.call('settings.update', { language: 'en' })).ok).toBe(true);
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.setViewportSize({ width: 1280, height: 860 });
    await group.getByRole('button', { name: 'Show 6 posts' }).focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelectorAll('.queue-item.is-child [data-testid="job-row"]').length === 6);
    expect(await group.getByRole('button', { name: 'Hide 6 posts' }).getAttribute('aria-expanded')).toBe('true');

    // Unfolded is remembered too.
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('.queue-item.is-child [data-testid="job-row"]').length === 6);

    expect((await core.call('jobs.pause', {})).ok).toBe(true);
  });

  it('forget a folded group whose job is no longer in the queue', async () => {
    const { page, core } = stack();
    const added = await core.call('jobs.add', { source: { kind: 'playlist', url: 'https://video.example/@e2e-forget', limit: 2 }, options: {} });
    const id = added.ok ? (added.value.jobIds[0] ?? 0) : 0;
    await openScreen(page, '#/queue');
    const group = page.locator(`[data-testid="job-group"][data-job-id="${id}"]`);
    await group.getByRole('button', { name: 'Hide 2 posts' }).click();
    const folded = () => page.evaluate(() => JSON.parse(localStorage.getItem('trove.queue.folded') ?? '[]') as number[]);
    expect(await folded()).toContain(id);
    // The run and its posts leave the queue (canceled if still waiting, then cleared).
    const listed = await core.call('jobs.list', {});
    const ids = listed.ok ? listed.value.filter((job) => job.id === id || job.parentId === id).map((job) => job.id) : [];
    expect((await core.call('jobs.cancel', { ids })).ok).toBe(true);
    expect((await core.call('jobs.clear', { states: ['done', 'canceled', 'failed'] })).ok).toBe(true);
    await group.waitFor({ state: 'detached' });
    await expect.poll(folded).not.toContain(id);
  });
});
