import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedLibrary } from './seed-library';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const POSTS = 100_000;
const stack = useWebStack({}, { seed: (dataDir) => seedLibrary(dataDir, POSTS) });

interface ScrollRun {
  frames: number;
  longestFrameMs: number;
  longAnimationFrames: number[];
  travelled: number;
  renderedItems: number;
}

/**
 * Scrolls the library for `durationMs` at `pixelsPerFrame`, with one jump to the middle
 * half way, measuring every frame with requestAnimationFrame (and the Long Animation
 * Frames API where Chromium has it).
 */
async function measuredScroll(page: Page, durationMs: number, pixelsPerFrame: number): Promise<ScrollRun> {
  return page.getByTestId('library-scroll').evaluate(
    (element, { durationMs, pixelsPerFrame }) =>
      new Promise<ScrollRun>((resolve) => {
        const longAnimationFrames: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longAnimationFrames.push(entry.duration);
        });
        if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) observer.observe({ type: 'long-animation-frame' });
        const deltas: number[] = [];
        const startTop = element.scrollTop;
        let jumped = false;
        let previous: number | undefined;
        let started: number | undefined;
        const step = (now: number) => {
          if (previous !== undefined) deltas.push(now - previous);
          previous = now;
          started ??= now;
          if (!jumped && now - started > durationMs / 2) {
            jumped = true;
            element.scrollTop = element.scrollHeight / 2;
          } else {
            element.scrollTop += pixelsPerFrame;
          }
          if (now - started < durationMs) {
            requestAnimationFrame(step);
            return;
          }
          observer.disconnect();
          resolve({
            frames: deltas.length,
            longestFrameMs: Math.max(...deltas),
            longAnimationFrames,
            travelled: element.scrollTop - startTop,
            renderedItems: element.querySelectorAll('[role="listitem"]').length,
          });
        };
        requestAnimationFrame(step);
      }),
    { durationMs, pixelsPerFrame },
  );
}

describe('a library of 100,000 posts', () => {
  it.each(['grid', 'list'] as const)('scrolls the %s with no frame longer than 50 ms', async (view) => {
    const { page } = stack();
    await openScreen(page, '#/library');
    if (view === 'list') await page.getByRole('button', { name: 'List' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="library-count"]')?.textContent === '100,000 posts', undefined, { timeout: 60_000 });
    await page.getByTestId('library-item').first().waitFor();
    // Warm up for a second: the first frames compile and lay out, and the engine settles after opening 100,000 posts.
    await measuredScroll(page, 1000, 40);
    await page.getByTestId('library-scroll').evaluate((element) => element.scrollTo({ top: 0 }));

    // A shared 2-core machine can stall any single frame (another process, GC); up to three
    // measured scrolls are taken and the smoothest must stay within the budget, judged by
    // both measures (a run could pass one and not the other).
    const slowest = (run: ScrollRun): number => Math.max(run.longestFrameMs, ...run.longAnimationFrames);
    const runs: ScrollRun[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.getByTestId('library-scroll').evaluate((element) => element.scrollTo({ top: 0 }));
      const measured = await measuredScroll(page, 3000, 60);
      runs.push(measured);
      if (slowest(measured) <= 50) break;
    }
    const run = runs.reduce((best, next) => (slowest(next) < slowest(best) ? next : best));
    expect(run.frames).toBeGreaterThan(60);
    expect(run.travelled).toBeGreaterThan(100_000);
    expect(run.renderedItems).toBeLessThan(200);
    expect(run.longestFrameMs, JSON.stringify(runs)).toBeLessThanOrEqual(50);
    expect(run.longAnimationFrames.filter((duration) => duration > 50), JSON.stringify(run)).toEqual([]);

    // Where it stopped, the posts arrive (only the pages on screen were asked for).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-item"]').length > 0 && document.querySelectorAll('.is-loading').length === 0);
    await screenshotThemes(page, `library-100k-${view}`);
  });

  it('searches the 100,000 posts as you type', async () => {
    const { page } = stack();
    await openScreen(page, '#/library');
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('#99999');
    await page.waitForFunction(() => document.querySelector('[data-testid="library-count"]')?.textContent === '1 post', undefined, { timeout: 30_000 });
    expect(await page.getByTestId('library-item').first().textContent()).toContain('#99999');
  });
});
