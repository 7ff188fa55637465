import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../src/core/core-api';
import { grab, screenshot, useWebStack } from './web-stack';

const stack = useWebStack();

/** The screen at both window sizes, in English and in Chinese; back to English after. */
async function screenshotsAt(page: Page, core: Core, name: string): Promise<void> {
  for (const language of ['en', 'zh'] as const) {
    expect((await core.call('settings.update', { language })).ok).toBe(true);
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
    for (const [width, height] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `${name}-${width}-${language}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} ${width} ${language}`).toBe(0);
    }
  }
  expect((await core.call('settings.update', { language: 'en' })).ok).toBe(true);
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.setViewportSize({ width: 1280, height: 800 });
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

async function jobsOf(core: Core) {
  const jobs = await core.call('jobs.list', {});
  if (!jobs.ok) throw new Error(jobs.error.message);
  return jobs.value;
}

describe('several links at once', () => {
  it('make one list with a row per link, its own choices, and one Download all', async () => {
    const { page, core } = stack();
    // The quality goes into the file name, so each file says which variant came down.
    expect((await core.call('settings.update', { fileNameTemplate: '{id} {quality}' })).ok).toBe(true);
    await grab(page, 'https://video.example/watch/list-a https://video.example/watch/list-b https://photos.example/p/list-c see-this');
    const list = page.getByTestId('link-list');
    await list.waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="link-list"]')?.querySelectorAll('[data-testid="link-row"][data-kind="post"]').length === 3);
    expect(await page.getByTestId('post-card').count()).toBe(0);
    // The text that is no link is still named and kept.
    await page.getByText('Not a link, left in the box: see-this').waitFor();

    // Per-item choice: the second video at its lowest quality, the first left at the default.
    const rows = list.getByTestId('link-row');
    const quality = rows.nth(1).getByTestId('row-quality');
    const labels = await quality.locator('option').allTextContents();
    const lowest = labels.at(-1) ?? '';
    await quality.selectOption({ label: lowest });
    const defaultLabel = await rows.nth(0).getByTestId('row-quality').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
    expect(defaultLabel).not.toBe(lowest);
    expect(await list.getByTestId('download-all').textContent()).toBe('Download all (3)');
    await screenshotsAt(page, core, 'grab-list');
    // The note under the box follows a change of language, as everything else does.
    expect((await core.call('settings.update', { language: 'de' })).ok).toBe(true);
    await page.getByText('Kein Link, im Feld gelassen: see-this').waitFor();
    expect((await core.call('settings.update', { language: 'en' })).ok).toBe(true);
    await page.getByText('Not a link, left in the box: see-this').waitFor();

    // Enter on Download all: one call, three jobs; the focus lands on the notice, not on <body>.
    await list.getByTestId('download-all').focus();
    await page.keyboard.press('Enter');
    await list.getByTestId('added-notice').waitFor();
    expect(await list.getByTestId('added-notice').textContent()).toContain('Added 3 downloads');
    expect(await focusedTestId(page)).toBe('added-notice');
    await core.idle();
    const jobs = await jobsOf(core);
    expect(jobs.map((job) => job.state)).toEqual(['done', 'done', 'done']);
    const fileOf = (id: string) => basename(jobs.find((job) => job.url.endsWith(id))?.files[0] ?? '');
    expect(fileOf('list-a')).toBe(`list-a ${defaultLabel}.mp4`);
    expect(fileOf('list-b')).toBe(`list-b ${lowest}.mp4`);
    // Queued rows are left out of another Download all.
    expect(await list.getByTestId('download-all').isDisabled()).toBe(true);
  });

  it('leave a post of the library out unless it is included, and then copy it only after asking', async () => {
    const { page, core } = stack();
    const before = (await jobsOf(core)).length;
    await grab(page, 'https://video.example/watch/list-a\nhttps://video.example/watch/list-d');
    // The newest list is the first; the one from before stays below it.
    const list = page.getByTestId('link-list').first();
    const known = list.locator('[data-testid="link-row"][data-kind="duplicate"]');
    await known.waitFor();
    await screenshotsAt(page, core, 'grab-list-known');
    // Previewed again on purpose, it is a post row, not included.
    await known.getByRole('button', { name: 'Preview again (charged)' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="link-list"]')?.querySelectorAll('[data-testid="link-row"][data-kind="post"]').length === 2);
    const again = list.getByTestId('link-row').first();
    const include = again.getByRole('checkbox', { name: /^Download “/ });
    expect(await include.isChecked()).toBe(false);
    expect(await list.getByTestId('download-all').textContent()).toBe('Download all (1)');

    await include.check();
    await list.getByTestId('download-all').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Download this post again?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await jobsOf(core)).toHaveLength(before);

    await list.getByTestId('download-all').click();
    await dialog.getByRole('button', { name: 'Download a copy' }).click();
    await list.getByTestId('added-notice').waitFor();
    await core.idle();
    const added = (await jobsOf(core)).slice(before);
    expect(added.map((job) => basename(job.files[0] ?? '')).sort()).toEqual([expect.stringMatching(/^list-a .+ \(1\)\.mp4$/u), expect.stringMatching(/^list-d .+\.mp4$/u)]);
  });
});

describe('a post already downloaded', () => {
  it('says so on Grab, opens where it is, and is copied only after a confirm', async () => {
    const { page, core } = stack();
    expect((await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/known-e' } })).ok).toBe(true);
    await core.idle();
    const before = (await jobsOf(core)).length;
    await grab(page, 'https://video.example/watch/known-e');
    const card = page.getByTestId('duplicate-card');
    await card.waitFor();
    const strip = card.getByTestId('in-library');
    await strip.getByText(/^In your library · downloaded /u).waitFor();
    const libraryId = (await jobsOf(core)).find((job) => job.url.endsWith('known-e'))?.libraryPostId;
    expect(await strip.getByRole('link', { name: 'Play in Trove' }).getAttribute('href')).toBe(`#/library/${libraryId}/play`);
    expect(await strip.getByRole('link', { name: 'Show in library' }).getAttribute('href')).toBe(`#/library/${libraryId}`);
    // Web mode cannot open files on this machine: no Open.
    expect(await strip.getByRole('button', { name: 'Open' }).count()).toBe(0);
    await screenshotsAt(page, core, 'grab-in-library');

    await card.getByTestId('download-copy').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The link is extracted again for the copy: one charged call.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await jobsOf(core)).toHaveLength(before);
    await card.getByTestId('download-copy').click();
    await dialog.getByRole('button', { name: 'Download a copy' }).click();
    await card.getByTestId('added-notice').waitFor();
    expect(await focusedTestId(page)).toBe('added-notice');
    await core.idle();
    const [copy] = (await jobsOf(core)).slice(before);
    expect(basename(copy?.files[0] ?? '')).toMatch(/^known-e .+ \(1\)\.mp4$/u);

    // Play in Trove opens the post in the library.
    await strip.getByRole('link', { name: 'Play in Trove' }).click();
    await page.getByTestId('item-view').waitFor();
  });

  it('after Enter on Download, the focus is on the notice, and Download again asks before a copy', async () => {
    const { page, core } = stack();
    await grab(page, 'https://video.example/watch/focus-after-download');
    const card = page.getByTestId('post-card');
    await card.waitFor();
    await card.getByTestId('post-download').focus();
    await page.keyboard.press('Enter');
    await card.getByTestId('added-notice').waitFor();
    expect(await focusedTestId(page)).toBe('added-notice');
    const jobs = (await jobsOf(core)).filter((job) => job.url.endsWith('focus-after-download'));
    expect(jobs).toHaveLength(1);

    // The same button now says what a second click would do, and asks first.
    expect(await card.getByTestId('post-download').textContent()).toBe('Download again as a copy');
    await card.getByTestId('post-download').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await jobsOf(core)).filter((job) => job.url.endsWith('focus-after-download'))).toHaveLength(1);
    await core.idle();
  });

  it('with failed links: one line each, Retry only where it can help, and Retry all failed', async () => {
    const { page, core, sandbox } = stack();
    const charges = sandbox.stats().charges.length;
    // Two fail five times (more than the engine's own four attempts); private content is final.
    await grab(page, 'https://error.example/flaky-5/list-x https://error.example/private_content https://error.example/flaky-5/list-y');
    const list = page.getByTestId('link-list');
    const summary = list.getByTestId('failed-summary');
    await summary.getByText('3 links could not be read').waitFor();
    const failed = list.locator('[data-testid="link-row"][data-kind="error"]');
    const final = failed.filter({ hasText: 'private_content' });
    expect(await final.getByTestId('error-words').textContent()).toBe('This post is private. Only links to public posts can be downloaded.');
    expect(await final.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    // Each row's buttons name their link for a screen reader.
    const retry = failed.filter({ hasText: 'list-x' }).getByRole('button', { name: 'Retry' });
    expect(await retry.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.locator(`[id="${await retry.getAttribute('aria-describedby')}"]`).textContent()).toBe('https://error.example/flaky-5/list-x');
    await screenshotsAt(page, core, 'grab-list-failed');

    await summary.getByRole('button', { name: 'Retry all failed (2)' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="link-list"]')?.querySelectorAll('[data-testid="link-row"][data-kind="post"]').length === 2);
    // One failure left: its own row says it all, no summary.
    expect(await failed.count()).toBe(1);
    expect(await summary.count()).toBe(0);
    expect(sandbox.stats().charges.length - charges).toBe(2);
  });

  it('that got into the library after its preview is not copied by Download: the card says so and offers the copy', async () => {
    const { page, core } = stack();
    const url = 'https://video.example/watch/library-meanwhile';
    await grab(page, url);
    // The newest card is the first.
    const card = page.getByTestId('post-card').first();
    await card.waitFor();
    // Meanwhile the same post is downloaded another way (the CLI, another window).
    expect((await core.call('jobs.add', { source: { kind: 'link', url } })).ok).toBe(true);
    await core.idle();
    await card.getByTestId('post-download').click();
    await card.getByTestId('in-library').waitFor();
    expect(await card.getByTestId('post-download').textContent()).toBe('Download again as a copy');
    expect((await jobsOf(core)).filter((job) => job.url === url)).toHaveLength(1);
  });
});
