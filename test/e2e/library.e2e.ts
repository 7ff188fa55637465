import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

/** The library's one video post, downloaded with its English subtitles, and one photo post. */
async function downloadPosts(): Promise<{ caption: string; word: string }> {
  const { core } = stack();
  const added = [
    await core.call('jobs.add', {
      source: { kind: 'link', url: 'https://video.example/watch/e2e-library' },
      options: { subtitles: { languages: ['en'], format: 'srt', embed: false } },
    }),
    await core.call('jobs.add', { source: { kind: 'link', url: 'https://photos.example/p/e2e-library' }, options: {} }),
  ];
  expect(added.every((answer) => answer.ok)).toBe(true);
  await core.idle();
  const found = await core.call('library.search', { query: '', mediaType: 'video' });
  const caption = found.ok ? (found.value.items[0]?.caption ?? '') : '';
  // A word of the caption that the other post's caption does not share.
  const others = await core.call('library.search', { mediaType: 'image' });
  const otherCaption = others.ok ? (others.value.items[0]?.caption ?? '') : '';
  const word = caption.split(/\W+/).find((candidate) => candidate.length > 3 && !otherCaption.toLowerCase().includes(candidate.toLowerCase())) ?? '';
  return { caption, word };
}

const items = (page: Page) => page.getByTestId('library-item');

describe('the library', () => {
  it('finds a downloaded post by a word of its caption as you type, and plays it with seeking', async () => {
    const { page } = stack();
    const { caption, word } = await downloadPosts();
    expect(word).not.toBe('');

    await openScreen(page, '#/library');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-item"]').length === 2);
    await screenshotThemes(page, 'library-grid');
    await page.getByRole('button', { name: 'List' }).click();
    await screenshotThemes(page, 'library-list');

    const search = page.getByRole('searchbox', { name: 'Search the library' });
    await search.pressSequentially(word.toLowerCase(), { delay: 20 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-item"]').length === 1);
    expect(await items(page).first().textContent()).toContain(caption);
    expect(await page.getByTestId('library-count').textContent()).toBe('1 post');

    await search.fill('zzzz-nothing-like-this');
    await page.getByTestId('library-no-matches').waitFor();
    await screenshotThemes(page, 'library-no-matches');
    await search.fill(word);
    await items(page).first().waitFor();
    await items(page).first().click();

    const view = page.getByTestId('item-view');
    await view.waitFor();
    expect(await view.getByRole('heading', { level: 2 }).textContent()).toBe(caption);
    expect(await view.getByTestId('item-file').count()).toBeGreaterThan(0);
    expect(await view.getByTestId('item-subtitle').count()).toBe(1);

    // Debian's Chromium decodes H.264 and AAC (canPlayType says "probably"): the merged MP4 plays for real.
    const played = await view.locator('video').evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
      await new Promise<void>((resolve) => {
        const check = () => (video.currentTime > 0 ? resolve() : requestAnimationFrame(check));
        check();
      });
      video.pause();
      const reached = video.currentTime;
      // Seeking asks the media route for a byte range.
      video.currentTime = 2;
      await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
      return { reached, seekedTo: video.currentTime, duration: video.duration, readyState: video.readyState };
    });
    expect(played.reached).toBeGreaterThan(0);
    expect(played.seekedTo).toBeCloseTo(2, 1);
    expect(played.duration).toBeGreaterThan(2);
    expect(played.readyState).toBeGreaterThanOrEqual(1);
    await screenshotThemes(page, 'library-item');
  });

  it('lists the subtitles of a library video, finds a cue, seeks the player to it, and saves an srt file', async () => {
    const { page, sandbox } = stack();
    await page.getByTestId('fetch-subtitles').click();
    const charges = sandbox.stats().charges.length;
    await page.getByTestId('list-subtitles').click();
    const tracks = page.getByTestId('track-list');
    await tracks.waitFor();
    expect(sandbox.stats().charges.length).toBe(charges + 1);
    // The saved English track (free) and the languages the service offers, each with its formats.
    expect(await page.getByTestId('track').count()).toBeGreaterThanOrEqual(4);
    expect(await tracks.textContent()).toContain('json3');

    await page.getByTestId('track').filter({ hasText: 'saved' }).getByRole('button', { name: 'View' }).click();
    const viewer = page.getByTestId('cue-viewer');
    await viewer.waitFor();
    const cues = viewer.getByTestId('cue');
    expect(await cues.count()).toBeGreaterThan(0);
    const first = (await cues.first().locator('.cue-text').textContent()) ?? '';
    const total = await cues.count();
    const probe = first.split(/\s+/).find((candidate) => candidate.length > 2) ?? first;
    await viewer.getByRole('searchbox').fill(probe);
    await page.waitForFunction((expected) => document.querySelector('[data-testid="cue-count"]')?.textContent?.includes(expected) ?? false, `of ${total} cues match`);
    expect(await cues.first().textContent()).toContain(probe);
    await viewer.getByRole('searchbox').fill('');

    // Clicking a cue plays the library's video from there.
    const last = cues.last();
    const label = (await last.getByRole('button').getAttribute('aria-label')) ?? '';
    const [, minutes = '0', seconds = '0'] = /Play from (\d+):(\d+\.\d+)/.exec(label) ?? [];
    await page.locator('video').evaluate((video: HTMLVideoElement) => {
      video.muted = true;
    });
    await last.getByRole('button').click();
    const expected = Number(minutes) * 60 + Number(seconds);
    await page.waitForFunction((target) => Math.abs((document.querySelector('video')?.currentTime ?? -1) - target) < 0.6, expected);
    await screenshotThemes(page, 'subtitles-viewer');

    const save = page.getByTestId('save-subtitles');
    await save.getByRole('checkbox').first().check();
    await save.locator('label', { hasText: 'SRT' }).click();
    expect(await save.getByLabel('SRT').isChecked()).toBe(true);
    await save.getByRole('button', { name: 'Save subtitles' }).click();
    const saved = page.getByTestId('saved-subtitles');
    await saved.waitFor();
    const paths = (await saved.locator('li').allTextContents()).filter((path) => path.endsWith('.srt'));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(existsSync(path)).toBe(true);
      expect(readFileSync(path, 'utf8')).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}/);
    }
    await screenshotThemes(page, 'subtitles-saved');
  });

  it('works from the keyboard: the search, then the posts, with the focus always visible', async () => {
    const { page } = stack();
    await openScreen(page, '#/library');
    const search = page.getByRole('searchbox', { name: 'Search the library' });
    await search.fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-item"]').length === 2);
    await search.focus();
    // Past the search and every filter and sort control (their number grows with the filters), to the first post.
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'library-item')) break;
    }
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { testId: element.dataset['testid'], outline: style.outlineStyle, width: style.outlineWidth };
    });
    expect(focused).toEqual({ testId: 'library-item', outline: 'solid', width: '2px' });
    await page.keyboard.press('Enter');
    await page.getByTestId('item-view').waitFor();
    await page.getByRole('button', { name: 'Back to the library' }).press('Enter');
    await page.getByTestId('library-item').first().waitFor();
  });

  it('deletes a post after asking, keeping its files when told to', async () => {
    const { page, core } = stack();
    await openScreen(page, '#/library');
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-item"]').length === 2);
    const photo = items(page).filter({ hasText: 'Image' });
    await photo.click();
    const view = page.getByTestId('item-view');
    await view.waitFor();
    const files = await view.getByTestId('item-file').locator('.mono').allTextContents();
    await view.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshotThemes(page, 'library-delete-dialog');
    await dialog.getByRole('button', { name: 'Remove from library' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-item"]').length === 1);
    const left = await core.call('library.search', {});
    expect(left.ok && left.value.total).toBe(1);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(existsSync(file)).toBe(true);

    // Download again: the same link as a forced job (the library would otherwise call it a duplicate), after a confirm.
    await items(page).first().click();
    await page.getByTestId('item-view').waitFor();
    await page.getByRole('button', { name: 'Download again' }).click();
    // A copy of a post the library has is made only after asking, as on Grab.
    await page.getByRole('dialog').getByRole('button', { name: 'Download a copy' }).click();
    await page.getByText('Queued for download.').waitFor();
    const jobs = await core.call('jobs.list', {});
    expect(jobs.ok && jobs.value.filter((job) => job.url === 'https://video.example/watch/e2e-library')).toHaveLength(2);
    await core.idle();
  });
});
