import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEntryPoint } from '../cli/main/run-trove';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { screenshot } from './web-stack';

/*
 * A new user's first run on a machine where Electron cannot start: `npm start` (run for real
 * as a child process, with no display and no key) serves web mode with the built-in sandbox,
 * and the page, opened in Chromium at the printed address, says plainly that everything is
 * sample media and offers links that work. Screenshots at 800×600 and 1280×800, in English
 * and German.
 */

const ADDRESS = /^ {4}(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/;

let browser: Browser | undefined;
afterAll(() => browser?.close());

async function screenshotSizes(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [800, 600],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}x${height}`);
  }
}

describe('npm start on a headless machine, first run', () => {
  it('opens on sample media, says so, and its sample links preview', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'trove-first-run-'));
    const run = startEntryPoint('src/start/main.ts', [], {
      env: { CI: undefined, DISPLAY: undefined, WAYLAND_DISPLAY: undefined, TROVE_API_KEY: undefined, TROVE_DATA_DIR: dataDir },
    });
    const address = ADDRESS.exec(await run.waitForLine((line) => ADDRESS.test(line)))![1]!;

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(address);
    const notice = page.getByTestId('sandbox-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Sample media: this is the built-in sandbox, not the real service');
    expect(await page.getByTestId('onboarding').count()).toBe(0);
    await page.waitForFunction(() => /12,000/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''));
    await screenshotSizes(page, 'first-run-en');

    await notice.getByRole('button', { name: 'A video' }).click();
    await page.getByTestId('post-card').waitFor();
    await notice.getByRole('button', { name: 'A profile' }).click();
    await page.getByTestId('playlist-card').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'first-run-en-samples-1280x800');

    await page.goto(`${new URL(page.url()).origin}/#/settings`);
    await page.getByTestId('setting-language').getByRole('combobox').selectOption('de');
    await page.goto(`${new URL(page.url()).origin}/#/grab`);
    await page.reload();
    await page.getByText('Beispielmedien: Das ist die eingebaute Sandbox, nicht der echte Dienst').waitFor();
    await screenshotSizes(page, 'first-run-de');

    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
  });
});
