import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

/*
 * Queue rows act on what they hold. The sandbox sends media at 150 kB/s, so a video stays
 * "Downloading" long enough to see the summary, while a photo post finishes at once.
 */
const stack = useWebStack({ throttleBytesPerSecond: 150_000 });

const actionsOf = async (page: Page, jobId: number): Promise<string[]> =>
  page.locator(`[data-job-id="${jobId}"] [data-action]`).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-action') ?? ''));

const order = async (core: ReturnType<typeof stack>['core']): Promise<number[]> => {
  const jobs = await core.call('jobs.list', {});
  return jobs.ok ? jobs.value.map((job) => job.id) : [];
};

describe('queue rows', () => {
  it('lead a finished download to the library, and show only the buttons that apply', async () => {
    const { page, core } = stack();
    const added = await core.call('jobs.add', { source: { kind: 'link', url: 'https://photos.example/p/e2e-rows-done' }, options: {} });
    const id = added.ok ? (added.value.jobIds[0] ?? 0) : 0;
    await openScreen(page, '#/queue');
    await page.locator(`[data-job-id="${id}"][data-state="done"]`).waitFor({ timeout: 60_000 });
    // A browser cannot open files on this computer: web mode offers the library instead of Open / Show in folder.
    expect(await actionsOf(page, id)).toEqual(['showInLibrary']);
    await page.locator(`[data-job-id="${id}"] [data-action="showInLibrary"]`).click();
    await page.getByTestId('item-view').waitFor();
    expect(page.url()).toMatch(/#\/library\/\d+$/);
  });

  it('says a job will be tried again, why and when, instead of "Queued 0 B"', async () => {
    const { page, core } = stack();
    const added = await core.call('jobs.add', { source: { kind: 'link', url: 'https://error.example/flaky-9/e2e-rows-retry' }, options: {} });
    const id = added.ok ? (added.value.jobIds[0] ?? 0) : 0;
    await openScreen(page, '#/queue');
    const retrying = page.locator(`[data-job-id="${id}"] [data-testid="job-retrying"]`);
    await retrying.waitFor({ timeout: 30_000 });
    expect(await retrying.textContent()).toMatch(/^Next attempt at .*\d:\d\d.*: /);
    expect(await page.locator(`[data-job-id="${id}"] [data-testid="job-state"]`).textContent()).toBe('Retrying');
    expect(await page.locator(`[data-job-id="${id}"]`).textContent()).not.toContain('0 B');
    expect(await actionsOf(page, id)).toContain('pause');
    expect(await actionsOf(page, id)).not.toContain('retry');
    await core.call('jobs.cancel', { ids: [id] });
  });

  it('moves a job to the top or bottom by button and keyboard, and by dragging; the summary sums the running ones', async () => {
    const { page, core } = stack();
    await page.setViewportSize({ width: 800, height: 600 });
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c']) {
      const added = await core.call('jobs.add', { source: { kind: 'link', url: `https://video.example/watch/e2e-rows-${name}` }, options: {} });
      if (added.ok) ids.push(...added.value.jobIds);
    }
    await openScreen(page, '#/queue');
    const summary = page.getByTestId('queue-summary');
    await summary.waitFor();
    // Once the downloads run: an overall speed, the bytes still to come and the time that takes.
    await page.waitForFunction(() => /[1-9][\d.,]*\s?[kM]B to go/.test(document.querySelector('[data-testid="queue-summary"]')?.textContent ?? ''), undefined, {
      timeout: 30_000,
    });
    await page.waitForFunction(() => /\/s overall.*left/.test(document.querySelector('[data-testid="queue-summary"]')?.textContent ?? ''), undefined, { timeout: 30_000 });
    await screenshotThemes(page, 'queue-rows-800');
    await core.call('jobs.pause', {});
    const [a, b, c] = ids as [number, number, number];
    const before = await order(core);
    expect(before.slice(-3)).toEqual([a, b, c]);

    await page.locator(`[data-job-id="${c}"] [data-action="top"]`).click();
    await page.waitForFunction((id) => document.querySelector('[data-testid="job-row"]')?.getAttribute('data-job-id') === String(id), c);
    expect((await order(core))[0]).toBe(c);

    // From the keyboard: the same button, focused and pressed with Enter.
    await page.locator(`[data-job-id="${c}"] [data-action="bottom"]`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await order(core)).at(-1)).toBe(c);

    // Dragging b onto the first row puts it first.
    const first = (await order(core))[0] ?? 0;
    await page.waitForFunction((id) => document.querySelector('[data-testid="job-row"]')?.getAttribute('data-job-id') === String(id), first);
    // The browser's drag events, as a mouse drag sends them (headless Chromium starts no native drag).
    await page.evaluate(
      ([from, to]) => {
        const transfer = new DataTransfer();
        const send = (type: string, id: number) =>
          document.querySelector(`[data-job-id="${id}"]`)?.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
        send('dragstart', from);
        send('dragover', to);
        send('drop', to);
        send('dragend', from);
      },
      [b, first] as const,
    );
    await expect.poll(async () => (await order(core))[0]).toBe(b);
    await core.call('jobs.cancel', { ids });
  });
});
