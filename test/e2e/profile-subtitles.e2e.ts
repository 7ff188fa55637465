import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../src/core/core-api';
import { value } from '../core/engine/core-harness';
import { grab, screenshot, useWebStack } from './web-stack';

// video.example, the sandbox's site with profiles, refuses subtitles here; three posts a profile keep the run small.
const stack = useWebStack({ subtitlesRefusedOn: ['video.example'] });

const subtitleCharges = (): number => stack().sandbox.stats().charges.filter((charge) => charge.endpoint.includes('subtitles')).length;

async function cardOf(page: Page, handle: string): Promise<Locator> {
  await grab(page, `https://video.example/@${handle}`);
  const card = page.getByTestId('playlist-card').filter({ hasText: `Creator ${handle.replace(/-\d+$/, '')}` });
  await card.waitFor();
  return card;
}

/** The card at both window sizes, in English and in Chinese; back to English after. */
async function shoot(page: Page, core: Core, card: Locator, name: string): Promise<void> {
  for (const language of ['en', 'zh'] as const) {
    value(await core.call('settings.update', { language }));
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
    for (const [width, height] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width, height });
      await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await screenshot(page, `${name}-${width}x${height}-${language}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    }
  }
  value(await core.call('settings.update', { language: 'en' }));
  await page.waitForFunction(() => document.documentElement.lang === 'en');
}

describe("the profile card's subtitles choice", () => {
  it('is the Settings box where subtitles are offered, and the reason where the site refuses them', async () => {
    const { page, core } = stack();
    value(await core.call('settings.update', { saveSubtitles: true, subtitleLanguages: ['en'] }));
    // Nothing learned yet: the box, ticked as Settings say.
    const open = await cardOf(page, 'subs-unknown-3');
    expect(await open.getByTestId('save-subtitles').isChecked()).toBe(true);
    expect(await open.getByText('Save subtitles (en, srt)').count()).toBe(1);

    // The service refuses a listing on the site: learned, and the next card says why there is no box.
    expect((await core.call('subtitles.list', { url: 'https://video.example/watch/learn-refusal' })).ok).toBe(false);
    const card = await cardOf(page, 'subs-refused-3');
    await card.getByTestId('subtitles-refused').waitFor();
    expect(await card.getByTestId('subtitles-refused').textContent()).toBe('Subtitles are not offered here: the service does not list subtitles on video.example.');
    expect(await card.getByTestId('save-subtitles').count()).toBe(0);
    await shoot(page, core, card, 'profile-subtitles-refused');
  });

  it('downloads the whole profile on the refusing site with Settings saying save subtitles: done, no problem, no subtitle charge', async () => {
    const { page, core } = stack();
    await page.setViewportSize({ width: 1280, height: 800 });
    const card = page.getByTestId('playlist-card').filter({ hasText: 'Creator subs-refused' });
    const before = subtitleCharges();
    await card.getByTestId('whole-profile').click();
    await card.getByTestId('run-added').waitFor();
    await core.idle();
    const jobs = value(await core.call('jobs.list', {}));
    const run = jobs.find((job) => job.kind === 'playlist' && job.url.includes('subs-refused-3'));
    const posts = jobs.filter((job) => job.parentId === run?.id);
    expect(posts).toHaveLength(3);
    expect(posts.map((job) => [job.state, job.problems?.length ?? 0])).toEqual([
      ['done', 0],
      ['done', 0],
      ['done', 0],
    ]);
    expect(subtitleCharges() - before).toBe(0);

    // The queue shows them done, not "Done, with 1 problem".
    await page.goto(`${stack().server.origin}/#/queue`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="job-row"][data-state="done"]').length >= 3);
    expect(await page.getByText('with 1 problem').count()).toBe(0);
    await screenshot(page, 'profile-subtitles-refused-queue-1280x800');
  });
});
