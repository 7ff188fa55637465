import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import { value } from '../core/engine/core-harness';
import { openScreen, screenshot, useWebStack } from './web-stack';

/*
 * Stopping a rebuild from Settings: a download folder with one video Trove wrote and 240
 * copies of it (files it reads 16 to an ffmpeg run, so the rebuild takes a while). Stop
 * keeps what was read, the report says it stopped, and a second run reads the rest.
 */

const COPIES = 240;

async function downloadThenCopy(dataDir: string): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const { TROVE_API_KEY: _ignored, ...env } = process.env;
  const downloads = join(dataDir, 'downloads');
  const core = await createCore({
    dataDir,
    settings: { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: downloads, onboarded: true },
    env: { ...env, TROVE_API_KEY: 'sandbox-key' },
  });
  value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/e2e-rebuild-stop' } }));
  await core.idle();
  await core.close();
  await sandbox.close();
  const video = readdirSync(downloads, { recursive: true, encoding: 'utf8' }).find((name) => name.endsWith('.mp4'));
  if (!video) throw new Error('The seed download wrote no video.');
  for (let at = 0; at < COPIES; at++) copyFileSync(join(downloads, video), join(downloads, `copy ${at}.mp4`));
}

const stack = useWebStack({}, { seed: downloadThenCopy });

describe('a library rebuild from Settings', () => {
  it('stops on Stop, keeping what it read and saying so; a second run reads the rest', async () => {
    const { page, core } = stack();
    await openScreen(page, '#/settings');
    const section = page.getByTestId('rebuild-library');
    await section.getByRole('button', { name: 'Rebuild the library from files…' }).click();
    await section.getByRole('button', { name: 'Rebuild', exact: true }).click();
    await section.getByText(/Reading files: [1-9]\d* of \d+/u).waitFor({ timeout: 60_000 });
    const stop = section.getByRole('button', { name: 'Stop' });
    await stop.focus();
    await page.keyboard.press('Enter');
    const report = section.getByTestId('rebuild-report');
    await report.waitFor({ timeout: 60_000 });
    expect(await report.getByTestId('rebuild-stopped').textContent()).toBe('Stopped. What was read is in the library; rebuild again to read the rest.');
    const added = Number(/(\d+) files/u.exec((await report.textContent()) ?? '')?.[1]);
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(COPIES);
    for (const [width, height] of [
      [800, 600],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await report.scrollIntoViewIfNeeded();
      await screenshot(page, `settings-rebuild-stopped-${width}-en`);
    }
    value(await core.call('settings.update', { language: 'de' }));
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.setViewportSize({ width: 800, height: 600 });
    await report.getByText('Angehalten.', { exact: false }).waitFor();
    await report.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'settings-rebuild-stopped-800-de');
    value(await core.call('settings.update', { language: 'en' }));
    await page.waitForFunction(() => document.documentElement.lang === 'en');

    await section.getByRole('button', { name: 'Rebuild the library from files…' }).click();
    await section.getByRole('button', { name: 'Rebuild', exact: true }).click();
    await report.waitFor({ timeout: 120_000 });
    expect(await report.getByTestId('rebuild-stopped').count()).toBe(0);
    const rest = Number(/(\d+) files/u.exec((await report.textContent()) ?? '')?.[1]);
    expect(added + rest).toBe(COPIES);
  });
});
