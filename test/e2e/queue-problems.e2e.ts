import { describe, expect, it } from 'vitest';
import { grab, openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

/*
 * "Save subtitles" ticked on a video whose site has no subtitles: the job used to end
 * "Done" with no subtitles and no word. The video is still downloaded; the queue row says
 * "Done, with 1 problem" and names it, in web mode, in Chromium.
 */
describe('a download whose subtitles could not be saved', () => {
  it('shows "Done, with 1 problem" and what could not be had in its queue row', async () => {
    const { page } = stack();
    await grab(page, 'https://guarded.example/watch/e2e-no-subs');
    const card = page.getByTestId('post-card');
    await card.waitFor();
    await card.getByRole('checkbox', { name: /^Save subtitles/ }).check();
    await card.getByRole('button', { name: 'Download' }).click();
    await card.getByTestId('added-notice').waitFor();

    await openScreen(page, '#/queue');
    const row = page.locator('[data-testid="job-row"][data-state="done"]');
    await row.waitFor({ timeout: 60_000 });
    expect(await row.getByTestId('job-state').textContent()).toBe('Done, with 1 problem');
    const problem = row.getByTestId('job-problems');
    expect(await problem.textContent()).toBe('Subtitles not saved: That site is not supported by the service.');
    // The specifics (the service's own message) are in its tooltip.
    expect(await problem.getAttribute('title')).toMatch(/^Subtitles not saved: That site is not supported by the service\. \S/);
    await screenshotThemes(page, 'queue-done-with-problem');
  });

  it('then stops offering subtitles on that site, and says why', async () => {
    const { page } = stack();
    await grab(page, 'https://guarded.example/watch/e2e-again');
    // Grab keeps the earlier previews: this one is the card of its own video.
    const card = page.getByTestId('post-card').filter({ hasText: 'e2e-again' });
    await card.waitFor();
    const refused = card.getByTestId('subtitles-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Subtitles are not offered here: the service does not list subtitles on guarded.example.');
    expect(await card.getByRole('checkbox', { name: /^Save subtitles/ }).count()).toBe(0);
    expect(await card.getByTestId('post-subtitles').count()).toBe(0);
    await screenshotThemes(page, 'grab-subtitles-refused');

    // A site the service lists subtitles for is still offered them.
    await grab(page, 'https://video.example/watch/e2e-subs');
    const other = page.getByTestId('post-card').filter({ hasText: 'e2e-subs' });
    await other.getByTestId('post-subtitles').waitFor();
    expect(await other.getByRole('checkbox', { name: /^Save subtitles/ }).count()).toBe(1);
    expect(await other.getByTestId('subtitles-refused').count()).toBe(0);
  });
});
