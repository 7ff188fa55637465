import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { layoutProblems } from './layout-problems';
import { grab, openScreen, screenshot, useWebStack } from './web-stack';

const stack = useWebStack();

/** A tile's date is shown whole, inside its tile, however long the author's name (it once was cut off). */
const tileDatesCut = (page: Page): Promise<string[]> =>
  page.locator('.screen:not([hidden]) .library-date').evaluateAll((dates) =>
    dates.flatMap((date) => {
      const tile = date.closest('[data-testid="library-item"]')?.getBoundingClientRect();
      const shown = date.getBoundingClientRect();
      const whole = date.scrollWidth <= date.clientWidth + 1 && tile !== undefined && shown.right <= tile.right + 1 && shown.width > 0;
      return whole ? [] : [`tile date cut: "${date.textContent}"`];
    }),
  );

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;
const LANGUAGES = ['en', 'de', 'es', 'ja', 'zh'] as const;
/** Looked at by a person as well: the longest words (de) and the CJK scripts, at the smallest size. */
const PICTURED = new Set(['800-de', '800-zh', '800-ja']);

/*
 * Every screen at 1280×800 and 800×600, in all five languages and both themes, with real
 * content (a downloaded video with subtitles, a photo post, a failed job, a profile's
 * group, a preview, the ledger): nothing reaches past the window, scrolls sideways or is cut without an ellipsis.
 */
describe('every screen at both window sizes', () => {
  it('fits in every language and theme', async () => {
    const { page, core } = stack();
    for (const url of ['https://video.example/watch/e2e-layout-video', 'https://photos.example/p/e2e-layout-photos', 'https://error.example/content_deleted']) {
      const options = url.includes('video') ? { subtitles: { languages: ['en'], format: 'srt' as const, embed: false } } : {};
      expect((await core.call('jobs.add', { source: { kind: 'link', url }, options })).ok).toBe(true);
    }
    // a profile's posts: a group in the queue
    expect((await core.call('jobs.add', { source: { kind: 'playlist', url: 'https://video.example/@e2e-layout', limit: 2 }, options: {} })).ok).toBe(true);
    await core.idle();
    const found = await core.call('library.search', { query: 'e2e-layout-video', mediaType: 'video' });
    const videoId = found.ok ? found.value.items[0]?.id : undefined;
    expect(videoId).toBeDefined();
    await grab(page, 'https://video.example/watch/e2e-layout-preview');
    await page.getByTestId('post-card').waitFor();

    const screens = [
      ['#/grab', '[data-testid="post-card"]'],
      ['#/queue', '[data-testid="job-group"]'],
      ['#/library', '[data-testid="library-item"]'],
      [`#/library/${videoId}`, '[data-testid="item-view"]'],
      [`#/subtitles/post/${videoId}`, '[data-testid="track-list"]'],
      ['#/balance', '[data-testid="ledger-row"]'],
      ['#/settings', '[data-testid="sandbox-setting"]'],
    ] as const;
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const language of LANGUAGES) {
        expect((await core.call('settings.update', { language })).ok).toBe(true);
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        for (const [hash, ready] of screens) {
          await openScreen(page, hash);
          await page.locator(`.screen:not([hidden]) ${ready}`).first().waitFor();
          await page.evaluate(() => document.fonts.ready);
          for (const colorScheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme });
            const where = `${size.width}×${size.height} ${language} ${colorScheme} ${hash}`;
            for (const problem of await layoutProblems(page)) problems.push(`${where}: ${problem}`);
            for (const problem of await tileDatesCut(page)) problems.push(`${where}: ${problem}`);
            const screenName = hash.slice(2).split('/')[0] === 'library' && hash.includes('/library/') ? 'item' : hash.slice(2).split('/')[0];
            if (!PICTURED.has(`${size.width}-${language}`)) continue;
            await screenshot(page, `all-sizes-${screenName}-${size.width}-${language}-${colorScheme}`);
            if (hash === '#/balance') {
              await page.getByTestId('ledger-table').scrollIntoViewIfNeeded();
              await screenshot(page, `all-sizes-ledger-${size.width}-${language}-${colorScheme}`);
            }
          }
        }
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect((await core.call('settings.update', { language: 'en' })).ok).toBe(true);
    expect(problems).toEqual([]);
  });
});
