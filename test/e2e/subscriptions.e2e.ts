import { describe, expect, it } from 'vitest';
import { grab, openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

const playlistCharges = (): number => stack().sandbox.stats().charges.filter((charge) => charge.endpoint.includes('playlist')).length;

describe('subscriptions', () => {
  it('follows a profile from its Grab card, runs it twice as it gains posts, and manages subscriptions at 1280×800 and 800×600', async () => {
    const { page, sandbox } = stack();
    await page.setViewportSize({ width: 1280, height: 800 });
    await grab(page, 'https://video.example/@e2e-subs-12');
    const card = page.getByTestId('playlist-card');
    await card.getByTestId('follow').click();
    await card.getByTestId('following').waitFor();
    expect(playlistCharges()).toBe(1); // the preview; following charges nothing

    await openScreen(page, '#/subscriptions');
    const screen = page.locator('[data-screen="subscriptions"]');
    const rows = screen.getByTestId('subscription-row');
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toContain('Not run yet');
    await rows.first().getByRole('button', { name: 'Run now' }).click();
    const firstRun = rows.first().getByTestId('run-summary');
    await firstRun.waitFor();
    // Followed from the card: posts from now on only (the card's own download takes the others).
    expect(await firstRun.textContent()).toContain('0 new posts · 5 credits');
    expect(playlistCharges()).toBe(2);
    expect(await rows.first().textContent()).toContain('@e2e-subs');

    sandbox.addPosts('/@e2e-subs', 3);
    await rows.first().getByRole('button', { name: 'Run now' }).click();
    await page.waitForFunction(() => document.querySelector('[data-screen="subscriptions"] [data-testid="run-summary"]')?.textContent?.includes('3 new posts'));
    expect(playlistCharges()).toBe(3);
    expect(await rows.first().getByTestId('next-run').textContent()).toMatch(/\d{4}/); // a date: daily, a day after this run

    // Edit: a weekly schedule with a month cap of 10 credits (spent already): the next run stops before paying, and says why.
    await rows.first().getByRole('button', { name: 'Edit' }).click();
    const editForm = rows.first().getByTestId('subscription-form');
    await editForm.getByLabel('Runs').selectOption('weekly');
    await editForm.getByLabel('Cap per month (credits)').fill('10');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await editForm.waitFor({ state: 'detached' }); // saved
    expect(await rows.first().locator('.badge').first().textContent()).toBe('Every week');
    await rows.first().getByRole('button', { name: 'Run now' }).click();
    await rows.first().getByTestId('stop-reason').waitFor();
    expect(await rows.first().getByTestId('stop-reason').textContent()).toBe('It stopped at the cap of 10 credits a month; it runs again next month, or raise the cap.');
    expect(playlistCharges()).toBe(3);

    // Follow a playlist from the screen itself, with a cap, and pause it.
    await screen.getByTestId('follow-link').fill('https://video.example/playlist/e2e-mix-5');
    await screen.getByRole('button', { name: 'Follow' }).first().click();
    const form = screen.getByTestId('subscription-form');
    await form.getByLabel('Cap per run (credits)').fill('20');
    await form.getByLabel('Runs').selectOption('weekly');
    await form.getByRole('button', { name: 'Follow' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-screen="subscriptions"] [data-testid="subscription-row"]').length === 2);
    const mix = rows.filter({ hasText: 'e2e-mix-5' });
    await mix.getByRole('button', { name: 'Pause' }).click();
    await mix.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await mix.getByTestId('next-run').textContent()).toBe('Paused');

    await screenshotThemes(page, 'subscriptions-1280');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshotThemes(page, 'subscriptions-800');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // German has the longest labels.
    expect((await stack().core.call('settings.update', { language: 'de' })).ok).toBe(true);
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await screenshotThemes(page, 'subscriptions-800-de');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect((await stack().core.call('settings.update', { language: 'en' })).ok).toBe(true);
    await page.waitForFunction(() => document.documentElement.lang === 'en');

    await mix.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-screen="subscriptions"] [data-testid="subscription-row"]').length === 1);
    // The Library offers the author's subscription beside a post it downloaded.
    await page.setViewportSize({ width: 1280, height: 800 });
    let postId: number | undefined;
    for (let tries = 0; tries < 600 && postId === undefined; tries++) {
      const jobs = await stack().core.call('jobs.list', { states: ['done'] });
      postId = jobs.ok ? jobs.value.find((job) => job.libraryPostId !== undefined)?.libraryPostId : undefined;
      if (postId === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await openScreen(page, `#/library/${postId}`);
    await page.locator('[data-screen="library"] [data-testid="item-view"] [data-testid="following"]').waitFor();

    const listed = await stack().core.call('subscriptions.list', {});
    expect(listed.ok && listed.value.subscriptions.map((one) => one.url)).toEqual(['https://video.example/@e2e-subs-12']);
  }, 240_000);
});
